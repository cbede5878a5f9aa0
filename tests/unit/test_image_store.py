# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image store keeps a whole upload or nothing: a body past its size
cap (behind a server that does not bound bodies itself) leaves no file."""
import io
import os

import pytest

from nova_lite.api.image import store
from nova_lite import exception


class _Trickle(io.RawIOBase):
    """A body of unknown length, as a chunked upload reads."""

    def __init__(self, size):
        self.left = size

    def readable(self):
        return True

    def readinto(self, buffer):
        n = min(len(buffer), self.left, 300)
        buffer[:n] = b'x' * n
        self.left -= n
        return n


@pytest.mark.parametrize('length', [None, 1001])
def test_past_the_cap_nothing_is_kept(tmp_path, length):
    images = store.ImageStore(str(tmp_path), size_cap=1000)
    with pytest.raises(exception.ImageTooLarge):
        images.write('img', io.BufferedReader(_Trickle(1001)), length)
    assert os.listdir(str(tmp_path)) == []


def test_within_the_cap_the_image_is_stored(tmp_path):
    images = store.ImageStore(str(tmp_path), size_cap=1000)
    size, _md5, _sha = images.write('img', io.BytesIO(b'x' * 1000))
    assert size == 1000
    assert os.listdir(str(tmp_path)) == ['img']
