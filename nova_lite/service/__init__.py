# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What every daemon is made of: a Service runs one manager behind an RPC
server, and the periodic tasks and heartbeats of all the services of a
process run on one worker.
"""
