# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The conductor's work as task objects, as Nova's conductor has them.

A task is made for one request with its collaborators passed in
(``base.Peers``), runs with ``execute()`` and, when a step fails before
it handed the work on, undoes what it did with ``rollback()``: a build is
scheduled and sent, or failed; a move's migration is recorded, its
destination found and claimed, and the move sent to a compute, or rolled
back so the server and its allocation are as they were.
"""
