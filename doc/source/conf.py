# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Sphinx configuration of nova_lite's documentation (``make docs``)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'ext'))

project = 'nova_lite'
copyright = '2026, The nova_lite Authors'
extensions = [
    'oslo_config.sphinxext',
    'oslo_policy.sphinxext',
    'api_reference',
    'extra_specs_reference',
]
exclude_patterns = []
html_theme = 'alabaster'
html_title = 'nova_lite'
html_static_path = []
