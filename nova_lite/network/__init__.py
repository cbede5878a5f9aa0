# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Where servers get their addresses: the fixed networks an operator
declares in ``[networks]``, allocated by the control plane itself.
"""

# The security group every project has and a server is in unless it asks
# for others.
DEFAULT_SECURITY_GROUP = 'default'
