/*
 * Every page: Copy buttons on snippets, and every check opened for printing.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var addCopyButtons = ar.addCopyButtons;

  addCopyButtons();

  // A printed report shows every check's evidence.
  window.addEventListener('beforeprint', function () {
    var all = document.querySelectorAll('details');
    for (var i = 0; i < all.length; i++) all[i].open = true;
  });
})();
