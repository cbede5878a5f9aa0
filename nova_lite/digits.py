"""Is this text a whole number written in ASCII digits?

``str.isdigit()`` is also true of '¹' and '²', which ``int()`` refuses (a
500 where a 400 or 404 belongs), and of other scripts' digits, which
``int()`` takes but no client means as an id, a count or an amount. Each
check made before an ``int()`` of client text asks this instead.
"""


def is_digits(text):
    return text.isascii() and text.isdigit()
