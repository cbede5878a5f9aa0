# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Typed query-string values, refused with a 400 naming the parameter."""
import re

from oslo_utils import strutils
from oslo_utils import timeutils

from nova_lite import exception
from nova_lite.text import digits


def boolean(name, value):
    try:
        return strutils.bool_from_string(value, strict=True)
    except ValueError:
        raise exception.ValidationError(
            detail='Invalid input for query parameter %s: %s is not a '
                   'boolean.' % (name, value))


def regex(name, value):
    """A regular expression the database matches names against."""
    try:
        re.compile(value)
    except re.error as e:
        raise exception.ValidationError(
            detail='Invalid regular expression in %s: %s' % (name, e))
    return value


def time_of(name, value):
    """An ISO 8601 time, as a naive UTC datetime."""
    try:
        return timeutils.normalize_time(timeutils.parse_isotime(value))
    except ValueError:
        raise exception.ValidationError(
            detail='Invalid filter field: %s.' % name)


def minimum(req, name):
    """A lower bound of a list filter (``minRam``, ``minDisk``), or None
    when the query has none."""
    text = req.GET.get(name)
    if text is None:
        return None
    if not digits.is_digits(text):
        raise exception.ValidationError(
            detail='Invalid %s filter [%s]' % (name, text))
    return digits.at_most_int64(text)
