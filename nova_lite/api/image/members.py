# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2/images/{image_id}/members: share an image with another project,
as Glance does.

Only a ``shared`` image has members, and only its owner (or an admin)
adds or removes them. A member starts ``pending`` and only the member
answers (``accepted`` or ``rejected``): the image is listed to it once
accepted, and shown to it whatever its answer. The owner sees every
member; a member sees only its own entry.
"""
from nova_lite.api.image import images
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import image_member

# Other keys are ignored, as Glance ignores them (openstacksdk sends the
# member's id back with a status update).
create_body = {
    'type': 'object',
    'properties': {'member': {'type': 'string', 'minLength': 1,
                              'maxLength': 255}},
    'required': ['member'],
}
update_body = {
    'type': 'object',
    'properties': {'status': {'enum': list(image_member.STATUSES)}},
    'required': ['status'],
}


def _require(body, name, words):
    """Glance's words for a body without ``name``."""
    if not isinstance(body, dict) or name not in body:
        raise exception.ValidationError(detail=words)


def view(member):
    return {'image_id': member.image_id, 'member_id': member.member,
            'status': member.status,
            'created_at': images.timestamp(member.created_at),
            'updated_at': images.timestamp(member.updated_at or
                                           member.created_at),
            'schema': '/v2/schemas/member'}


def _shared(req, image_id):
    image = images.get_own(req, image_id)
    if image.visibility != 'shared':
        raise exception.Forbidden(message='Only shared images have members.')
    return image


def index(req, image_id):
    image = images.get(req, image_id)
    members = image_member.ImageMemberList.get_by_image(req.context,
                                                        image_id)
    if not images.owned_by_caller(req, image):
        members = [m for m in members if m.member == req.context.project_id]
    return 200, {'members': [view(m) for m in members],
                 'schema': '/v2/schemas/members'}


def create(req, image_id):
    body = req.body_json()
    _require(body, 'member', 'Member to be added not specified')
    validation.validate(create_body, body)
    _shared(req, image_id)
    member = image_member.ImageMember(
        req.context, image_id=image_id, member=body['member'],
        status=image_member.PENDING)
    member.create()
    return 200, view(member)


def _member(req, image_id, member_id):
    """The entry, for its image's owner or the member itself."""
    image = images.get(req, image_id)
    if not (images.owned_by_caller(req, image) or
            member_id == req.context.project_id):
        raise exception.ImageMemberNotFound(image_id=image_id,
                                            member=member_id)
    return image_member.ImageMember.get(req.context, image_id, member_id)


def show(req, image_id, member_id):
    return 200, view(_member(req, image_id, member_id))


def update(req, image_id, member_id):
    body = req.body_json()
    _require(body, 'status', 'Status not specified')
    validation.validate(update_body, body)
    member = _member(req, image_id, member_id)
    if member_id != req.context.project_id:
        raise exception.Forbidden(
            message="You are not permitted to modify 'status' on this "
                    "image member.")
    member.status = body['status']
    member.save()
    return 200, view(member)


def delete(req, image_id, member_id):
    _shared(req, image_id)
    image_member.ImageMember.get(req.context, image_id,
                                 member_id).destroy()
    return 204, None
