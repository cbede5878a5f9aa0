# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The console proxies (nova-lite-novncproxy, nova-lite-serialproxy):
websockets from users' browsers and clients to their guests' VNC and
serial consoles, admitted by the tokens of the Compute API's console
URLs."""
