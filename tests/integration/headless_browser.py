# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Headless Chromium driven over its DevTools protocol: open a page,
wait for something on it, read values from it and take a screenshot, as
a user's browser shows it."""
import base64
import itertools
import json
import re
import shutil
import subprocess
import time

import requests
import websocket

_LISTENING = re.compile(r'DevTools listening on (ws://\S+)')


class Browser:

    def __init__(self, profile_dir):
        binary = shutil.which('chromium') or shutil.which('chromium-browser')
        assert binary, 'needs chromium (apt-get install chromium)'
        self.process = subprocess.Popen(
            [binary, '--headless=new', '--no-sandbox', '--disable-gpu',
             '--remote-debugging-port=0', '--window-size=1024,800',
             '--user-data-dir=%s' % profile_dir, 'about:blank'],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.page = websocket.create_connection(self._page_url(),
                                                timeout=30)
        self._ids = itertools.count(1)

    def _page_url(self):
        for line in self.process.stderr:
            found = _LISTENING.search(line)
            if found:
                break
        else:
            raise AssertionError('chromium did not start')
        port = found.group(1).split(':')[2].split('/')[0]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            pages = [target for target in requests.get(
                'http://127.0.0.1:%s/json/list' % port, timeout=5).json()
                if target['type'] == 'page']
            if pages:
                return pages[0]['webSocketDebuggerUrl']
            time.sleep(0.2)
        raise AssertionError('chromium opened no page')

    def call(self, method, **params):
        """The result of a DevTools ``method`` on the page."""
        call_id = next(self._ids)
        self.page.send(json.dumps({'id': call_id, 'method': method,
                                   'params': params}))
        while True:
            answer = json.loads(self.page.recv())
            if answer.get('id') == call_id:
                assert 'error' not in answer, answer
                return answer['result']

    def open(self, url):
        self.call('Page.navigate', url=url)

    def evaluate(self, expression):
        """The value of a JavaScript expression on the page."""
        result = self.call('Runtime.evaluate', expression=expression,
                           returnByValue=True)['result']
        return result.get('value')

    def wait_for(self, expression, timeout=60):
        """The expression's value once it is truthy."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.5)
        raise AssertionError('%s still false after %ss' % (expression,
                                                           timeout))

    def screenshot(self, path):
        data = self.call('Page.captureScreenshot', format='png')['data']
        with open(path, 'wb') as f:
            f.write(base64.b64decode(data))
        return path

    def close(self):
        self.page.close()
        self.process.terminate()
        self.process.wait(10)
