# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-demo-image: build the demo guest (a Debian kernel and a
busybox initramfs) and upload it to the image API as nova-lite-demo."""
import argparse
import os
import sys

import requests

from nova_lite_tools import demo_image


def main(argv=None):
    parser = argparse.ArgumentParser(prog='nova-lite-demo-image',
                                     description=__doc__)
    parser.add_argument('--build-dir', default=os.path.join(
        os.environ.get('NOVA_LITE_STATE_DIR', './var'), 'demo-image'))
    parser.add_argument('--image-url', default='http://127.0.0.1:9292')
    parser.add_argument('--token', default='admin:admin',
                        help="the image API's X-Auth-Token (lab auth)")
    parser.add_argument('--build-only', action='store_true',
                        help='build the files, upload nothing')
    args = parser.parse_args(argv)
    try:
        files = demo_image.build(args.build_dir)
        if args.build_only:
            print('built %s' % ', '.join(sorted(files.values())))
            return 0
        image_id = demo_image.upload(files, args.image_url, args.token)
    except requests.ConnectionError:
        sys.stderr.write('nova-lite-demo-image: cannot reach the image API '
                         'at %s; is the all-in-one running (make run or '
                         'make run-real)?\n' % args.image_url)
        return 1
    except (demo_image.BuildError, OSError) as e:
        sys.stderr.write('nova-lite-demo-image: %s\n' % e)
        return 1
    print('uploaded %s: image %s (boot it with imageRef %s)' % (
        demo_image.NAME, image_id, image_id))
    return 0
