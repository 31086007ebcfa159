/*
 * The sign-in form: an e-mail address, for a sign-in link.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var duration = ar.duration;

  function signInForm() {
    var form = document.getElementById('sign-in-form');
    if (!form) return;
    var input = document.getElementById('sign-in-email');
    var button = form.querySelector('button[type=submit]');
    var message = document.getElementById('sign-in-error');
    var sent = document.getElementById('sign-in-sent');

    function fail(text) {
      button.disabled = false;
      message.textContent = text;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var email = input.value.trim();
      message.textContent = '';
      input.removeAttribute('aria-invalid');
      if (!email) return fail('Enter your e-mail address.');
      button.disabled = true;
      fetch('/api/v1/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: email }),
      })
        .then(function (response) {
          if (response.status === 202) {
            document.getElementById('sign-in-address').textContent = email;
            form.hidden = true;
            sent.hidden = false;
            sent.focus();
            return;
          }
          return response
            .json()
            .catch(function () {
              return null;
            })
            .then(function (body) {
              var error = body && typeof body.error === 'string' ? body.error.replace(/^email: /, '') : '';
              if (response.status === 400)
                return fail('That is not an e-mail address we can send to: ' + (error || 'check it and try again') + '.');
              if (response.status === 429)
                return fail(
                  'Too many sign-in requests from this network. Try again in ' +
                    duration(Number(response.headers.get('retry-after')) || 60) +
                    '.',
                );
              fail('Sending the link failed (HTTP ' + response.status + '). Try again in a moment.');
            });
        })
        .catch(function () {
          fail('Could not reach the service. Check your connection and try again.');
        });
    });
  }

  signInForm();
})();
