#!/usr/bin/env python3
# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Image API figures: upload and download throughput, list latency.

Starts ``nova-lite-api`` with only the image API on a fresh state
directory, then from one client on loopback (http.client, one keep-alive
connection):

* uploads a ``--size-mib`` image (1024 by default) of random bytes and
  downloads it again, printing MiB/s of each beside ``dd`` writing the
  same amount to the same disk (``conv=fsync``) in the same run;
* creates ``--images`` images (1000 by default) and prints the median of
  ``GET /v2/images`` (limit 25, the first page a dashboard shows) and of
  ``GET /v2/images?limit=1000``.

It never asserts: figures are for reading.

    .venv/bin/python bench/images.py [--size-mib 1024] [--images 1000]
"""
import argparse
import http.client
import json
import os
import statistics
import subprocess
import time

import common

CONFIG = """[DEFAULT]
state_path = {{state}}
default_log_levels = nova_lite=WARN,waitress=ERROR
transport_url = fake://
[api]
port = {api_port}
[placement]
enabled = false
[image]
port = {port}
"""
HEADERS = {'X-Auth-Token': 'admin:admin'}
CHUNK = 1024 * 1024


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--size-mib', type=int, default=1024)
    parser.add_argument('--images', type=int, default=1000)
    parser.add_argument('--rounds', type=int, default=50)
    return parser.parse_args()


def _json(conn, method, path, body=None):
    conn.request(method, path, body=None if body is None else json.dumps(
        body), headers=dict(HEADERS, **{'Content-Type': 'application/json'}))
    response = conn.getresponse()
    data = response.read()
    return response.status, json.loads(data) if data else None


def _source(path, size_mib):
    with open(path, 'wb') as out:
        for _ in range(size_mib):
            out.write(os.urandom(CHUNK))


def upload(conn, image_id, path):
    size = os.path.getsize(path)
    started = time.monotonic()
    with open(path, 'rb') as data:
        conn.request('PUT', '/v2/images/%s/file' % image_id, body=data,
                     headers=dict(HEADERS, **{
                         'Content-Type': 'application/octet-stream',
                         'Content-Length': str(size)}))
        response = conn.getresponse()
        response.read()
    assert response.status == 204, response.status
    return size / CHUNK / (time.monotonic() - started)


def download(conn, image_id):
    started = time.monotonic()
    conn.request('GET', '/v2/images/%s/file' % image_id, headers=HEADERS)
    response = conn.getresponse()
    size = 0
    while True:
        chunk = response.read(CHUNK)
        if not chunk:
            break
        size += len(chunk)
    return size / CHUNK / (time.monotonic() - started)


def dd_rate(directory, size_mib):
    target = os.path.join(directory, 'dd.out')
    started = time.monotonic()
    subprocess.run(['dd', 'if=/dev/zero', 'of=%s' % target, 'bs=1M',
                    'count=%d' % size_mib, 'conv=fsync'], check=True,
                   capture_output=True)
    rate = size_mib / (time.monotonic() - started)
    os.remove(target)
    return rate


def list_median(conn, path, rounds):
    times = []
    for _ in range(rounds):
        started = time.monotonic()
        status, _body = _json(conn, 'GET', path)
        times.append(time.monotonic() - started)
        assert status == 200
    return statistics.median(times) * 1000


def main():
    args = parse()
    port, api_port = common.free_port(), common.free_port()
    process, state = common.start_daemon(
        'nova-lite-api', CONFIG.format(port=port, api_port=api_port), port)
    try:
        conn = http.client.HTTPConnection('127.0.0.1', port, timeout=600,
                                          blocksize=CHUNK)
        source = os.path.join(state, 'source.bin')
        _source(source, args.size_mib)
        status, image = _json(conn, 'POST', '/v2/images', {
            'name': 'big', 'disk_format': 'raw', 'container_format': 'bare'})
        up = upload(conn, image['id'], source)
        down = download(conn, image['id'])
        disk = dd_rate(state, args.size_mib)
        os.remove(source)
        print('%d MiB image: upload %.0f MiB/s, download %.0f MiB/s; dd to '
              'the same disk %.0f MiB/s' % (args.size_mib, up, down, disk))
        for i in range(args.images - 1):
            _json(conn, 'POST', '/v2/images', {'name': 'image-%04d' % i})
        print('%d images: GET /v2/images?limit=25 median %.2f ms, '
              'GET /v2/images?limit=1000 median %.2f ms' % (
                  args.images,
                  list_median(conn, '/v2/images?limit=25', args.rounds),
                  list_median(conn, '/v2/images?limit=1000',
                              max(args.rounds // 5, 3))))
    finally:
        process.terminate()
        process.wait(30)


if __name__ == '__main__':
    main()
