# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""One page of a list query: sorted, after a marker row, limited.

The model's primary key is always the last sort key, so the order is total
and a marker never skips or repeats a row between pages.
"""
from oslo_db.sqlalchemy import utils as sqlalchemyutils

from nova_lite import exception


def marker_row(find, marker, not_found):
    """The row a page starts after; an unknown marker is a 400."""
    if marker is None:
        return None
    try:
        return find(marker)
    except not_found:
        raise exception.MarkerNotFound(marker=marker)


def paginate(query, model, limit, marker_row, sort_keys, sort_dirs,
             default_key, default_dir):
    keys = list(sort_keys or [default_key]) + ['id']
    dirs = list(sort_dirs or [default_dir] * (len(keys) - 1))
    dirs += [dirs[-1]] * (len(keys) - len(dirs))
    return sqlalchemyutils.paginate_query(query, model, limit, keys,
                                          marker=marker_row, sort_dirs=dirs)
