# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova_lite: a small compute control plane in the style of OpenStack Nova.

Every service runs on plain threads (oslo.messaging's threading executor,
waitress's worker threads), never on eventlet. Some oslo libraries import
eventlet opportunistically when it is installed; blocking it here keeps it
out of the process (and its memory), and makes oslo.service's threading
backend the one it loads if anything ever asks for a backend.
"""
import sys

sys.modules.setdefault('eventlet', None)

from oslo_service import backend as _oslo_service_backend  # noqa: E402

_oslo_service_backend.register_backend_default_hook(
    lambda: _oslo_service_backend.BackendType.THREADING)
