"""Placement microversions: ``OpenStack-API-Version: placement 1.X``."""
from nova_lite.api import microversion
from nova_lite import exception

SERVICE_TYPE = 'placement'
MIN_VERSION = '1.0'
MAX_VERSION = '1.39'
HEADER = 'OpenStack-API-Version'


def _requested(headers):
    for item in (headers.get(HEADER) or '').split(','):
        parts = item.strip().split(None, 1)
        if len(parts) == 2 and parts[0].lower() == SERVICE_TYPE:
            return parts[1].strip()
    return None


def from_headers(headers):
    text = _requested(headers)
    if text is None:
        return microversion.APIVersion(MIN_VERSION)
    if text.lower() == 'latest':
        return microversion.APIVersion(MAX_VERSION)
    version = microversion.APIVersion(text)
    if not version.matches(MIN_VERSION, MAX_VERSION):
        raise exception.InvalidAPIVersion(version=text, min_ver=MIN_VERSION,
                                          max_ver=MAX_VERSION)
    return version


def add_headers(response, version):
    response.headers[HEADER] = '%s %s' % (SERVICE_TYPE,
                                          version or MIN_VERSION)
    response.headers['Vary'] = HEADER
