/*
 * The dashboard's batch scans (growth): submit up to 50 shops, the batches with their progress, and one
 * batch's per-shop results, asked again while it runs. Every batch route is metered (one API call each),
 * so only the open batch is asked again, less and less often.
 */
(function () {
  'use strict';
  var ar = window.agentReadiness;
  var el = ar.el;
  var append = ar.append;
  var clear = ar.clear;
  var table = ar.table;
  var link = ar.link;
  var day = ar.day;
  var callApi = ar.callApi;
  var duration = ar.duration;
  var bandNames = ar.bandNames;

  // As POST /api/v1/batch/scan checks (config batchMaxUrls and labelMaxLength); each address is checked
  // by the service, and one it refuses becomes a failed item with its reason.
  var maxUrls = 50;
  var labelMaxLength = 100;
  var listLimit = 10;
  var firstPollMs = 1000;
  var maxPollMs = 15000;

  var statusNames = { pending: 'Waiting', processing: 'Scanning', completed: 'Completed', failed: 'Failed' };
  // Only one batch is watched at a time; a new render of the section stops the old one's polling.
  var pollTimer = null;

  function stopPolling() {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = null;
  }

  function running(batch) {
    return batch.status === 'pending' || batch.status === 'processing';
  }

  function progressText(batch) {
    var done = batch.completedUrls + batch.failedUrls;
    return (
      done +
      ' of ' +
      batch.totalUrls +
      ' scanned' +
      (batch.failedUrls ? ' (' + batch.completedUrls + ' completed, ' + batch.failedUrls + ' failed)' : '')
    );
  }

  function batchName(batch) {
    return batch.label || 'Batch of ' + day(batch.createdAt);
  }

  function errorText(answer, action) {
    var error = answer.body && typeof answer.body.error === 'string' ? answer.body.error.replace(/[.]$/, '') : '';
    if (answer.status === 400) return 'The batch was refused: ' + (error || 'check the addresses and the label') + '.';
    if (answer.status === 401) return 'This key is no longer accepted: it may have been revoked. Reload the dashboard and use another key.';
    if (answer.status === 403) return 'Batch scans come with the growth plan.';
    if (answer.status === 429)
      return (
        (error || 'Too many requests') +
        '.' +
        (answer.body && answer.body.retryAfterSeconds ? ' Try again in ' + duration(answer.body.retryAfterSeconds) + '.' : '')
      );
    return 'Could not ' + action + ' (HTTP ' + answer.status + ')' + (error ? ': ' + error : '') + '.';
  }

  function batchesSection(box, key) {
    var listBox = el('div');
    listBox.id = 'batch-list';
    var detailBox = el('div');
    detailBox.id = 'batch-detail';
    var batches = [];
    var openId = null;

    function showList() {
      clear(listBox);
      if (!batches.length) return listBox.appendChild(el('p', 'muted', 'No batches yet.'));
      listBox.appendChild(
        table(
          ['Batch', 'Status', 'Progress', 'Submitted'],
          batches.map(function (batch) {
            var open = el('button', 'secondary', batchName(batch));
            open.type = 'button';
            open.setAttribute('aria-controls', 'batch-detail');
            open.setAttribute('aria-label', 'Show the results of ' + batchName(batch));
            open.addEventListener('click', function () {
              openBatch(batch.id);
            });
            return [open, statusNames[batch.status] || batch.status, progressText(batch), day(batch.createdAt)];
          }),
        ),
      );
    }

    function loadList() {
      return callApi('GET', '/api/v1/batch/scans?limit=' + listLimit, key).then(function (answer) {
        if (answer.status !== 200) {
          clear(listBox);
          return listBox.appendChild(el('p', 'notice error', errorText(answer, 'list the batches')));
        }
        batches = answer.body.batches;
        showList();
      });
    }

    function showDetail(batch) {
      clear(detailBox);
      var bar = el('progress');
      bar.max = batch.totalUrls;
      bar.value = batch.completedUrls + batch.failedUrls;
      bar.setAttribute('aria-label', 'Progress of ' + batchName(batch));
      var summary = el('p', 'batch-progress');
      summary.setAttribute('role', 'status');
      append(summary, [bar, el('span', '', (statusNames[batch.status] || batch.status) + ': ' + progressText(batch))]);
      append(detailBox, [
        el('h3', '', batchName(batch)),
        summary,
        table(
          ['Shop', 'Result'],
          batch.results.map(function (item) {
            var shop = item.scanId ? link('/app/scans/' + encodeURIComponent(item.scanId), item.url) : el('span', '', item.url);
            var result =
              item.status === 'completed' && item.score !== null
                ? item.score + ' · ' + (bandNames[item.band] || item.band)
                : item.status === 'failed'
                  ? 'Failed: ' + (item.error || 'no reason given')
                  : statusNames[item.status] || item.status;
            return [shop, result];
          }),
        ),
      ]);
    }

    function openBatch(id, delay) {
      stopPolling();
      openId = id;
      callApi('GET', '/api/v1/batch/scan/' + encodeURIComponent(id), key).then(
        function (answer) {
          if (openId !== id) return;
          if (answer.status !== 200) {
            clear(detailBox);
            return detailBox.appendChild(el('p', 'notice error', errorText(answer, 'read the batch')));
          }
          var batch = answer.body;
          showDetail(batch);
          // The list row follows the batch as it is asked again, without a call of its own.
          batches.forEach(function (row) {
            if (row.id !== batch.id) return;
            row.status = batch.status;
            row.completedUrls = batch.completedUrls;
            row.failedUrls = batch.failedUrls;
          });
          showList();
          if (!running(batch)) return;
          var next = Math.min((delay || firstPollMs) * 1.5, maxPollMs);
          pollTimer = setTimeout(function () {
            if (document.body.contains(detailBox)) openBatch(id, next);
          }, delay || firstPollMs);
        },
        function () {
          detailBox.appendChild(el('p', 'notice error', 'Could not reach the service. Open the batch again to retry.'));
        },
      );
    }

    append(box, [submitForm(key, loadList, openBatch), el('h3', '', 'Your batches'), listBox, detailBox]);
    loadList().then(
      function () {
        var active = batches.filter(running)[0];
        if (active) openBatch(active.id);
      },
      function () {
        listBox.appendChild(el('p', 'notice error', 'Could not reach the service. Reload to try again.'));
      },
    );
  }

  function submitForm(key, loadList, openBatch) {
    var form = el('form', 'panel');
    form.id = 'batch-form';
    form.noValidate = true;
    var urlsLabel = el('label', '', 'Shop addresses, one per line (up to ' + maxUrls + ')');
    urlsLabel.htmlFor = 'batch-urls';
    var urls = el('textarea');
    urls.id = 'batch-urls';
    urls.name = 'urls';
    urls.rows = 4;
    urls.spellcheck = false;
    urls.required = true;
    urls.placeholder = 'https://shop.example.com\nhttps://another-shop.example.com';
    urls.setAttribute('aria-describedby', 'batch-help batch-error');
    var labelLabel = el('label', '', 'Batch label (optional)');
    labelLabel.htmlFor = 'batch-label';
    var label = el('input');
    label.id = 'batch-label';
    label.type = 'text';
    label.name = 'label';
    label.maxLength = labelMaxLength;
    label.setAttribute('aria-describedby', 'batch-error');
    var help = el('p', 'small muted', 'The shops are scanned in the background with your plan. Each request here is one API call.');
    help.id = 'batch-help';
    var message = el('p', 'notice error');
    message.id = 'batch-error';
    message.setAttribute('role', 'alert');
    var button = el('button', '', 'Scan these shops');
    button.type = 'submit';
    append(form, [urlsLabel, urls, labelLabel, label, help, message, append(el('p'), [button])]);

    function fail(text, field) {
      button.disabled = false;
      message.textContent = text;
      if (field) {
        field.setAttribute('aria-invalid', 'true');
        field.focus();
      }
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      message.textContent = '';
      urls.removeAttribute('aria-invalid');
      label.removeAttribute('aria-invalid');
      var list = urls.value
        .split('\n')
        .map(function (line) {
          return line.trim();
        })
        .filter(Boolean);
      var name = label.value.trim();
      if (!list.length) return fail('Enter at least one shop address, one per line.', urls);
      if (list.length > maxUrls) return fail('A batch takes at most ' + maxUrls + ' addresses; this one has ' + list.length + '.', urls);
      if (name.length > labelMaxLength) return fail('The label may have at most ' + labelMaxLength + ' characters.', label);
      button.disabled = true;
      var body = { urls: list };
      if (name) body.label = name;
      callApi('POST', '/api/v1/batch/scan', key, body).then(
        function (answer) {
          if (answer.status !== 202) return fail(errorText(answer, 'submit the batch'), answer.status === 400 ? urls : null);
          button.disabled = false;
          urls.value = '';
          label.value = '';
          loadList().then(function () {
            openBatch(answer.body.batchId);
          });
        },
        function () {
          fail('Could not reach the service. Check your connection and try again.');
        },
      );
    });
    return form;
  }

  ar.dashboardSections.push({
    id: 'batches',
    render: function (context) {
      stopPolling();
      var box = document.getElementById('batches');
      if (context.overview.account.tier !== 'growth')
        return append(box, [
          append(el('p'), [
            document.createTextNode(
              'Batch scans come with the growth plan: up to ' + maxUrls + ' shops in one request, scanned in the background. ',
            ),
            link('/pricing', 'Compare the plans'),
          ]),
        ]);
      if (ar.isSession(context.credential)) return ar.keyNeeded(box, 'Batch scans');
      if (!context.overview.scans)
        return box.appendChild(el('p', 'muted', 'This key may not run batches: it lacks the scanner:read scope.'));
      batchesSection(box, context.credential);
    },
  });
})();
