# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
# nova_lite: `make run` starts the all-in-one, `make test` runs the suite.
VENV ?= .venv
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export NOVA_LITE_STATE_DIR ?= $(CURDIR)/var

.PHONY: venv run run-real run-neutron demo-image test pep8 docs bench genconfig clean lab lab-real lab-down

# System packages, installed with apt-get only when missing: libvirt's
# headers for libvirt-python and MariaDB's client library for mysqlclient
# (the C driver), a compiler and Python's headers to build them,
# and venv support (a separate package on Debian's own python3).
$(STAMP): setup.cfg pyproject.toml
	@missing=""; \
	pkg-config --exists libvirt 2>/dev/null || missing="$$missing libvirt-dev pkg-config"; \
	pkg-config --exists libmariadb 2>/dev/null || missing="$$missing libmariadb-dev pkg-config"; \
	command -v gcc >/dev/null || missing="$$missing gcc"; \
	python3 -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' || missing="$$missing python3-dev"; \
	python3 -c 'import ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "installing with apt-get:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

run: venv
	$(VENV)/bin/nova-lite-manage db sync
	$(VENV)/bin/nova-lite-all-in-one

# The all-in-one with one compute on this machine's libvirtd (set up
# first, idempotently: packages, qemu.conf, virtlogd and libvirtd).
run-real: venv
	$(SUDO) $(VENV)/bin/nova-lite-libvirtd
	$(VENV)/bin/nova-lite-manage db sync
	$(VENV)/bin/nova-lite-all-in-one --config-file etc/nova-lite/real.conf

# The all-in-one with a real network service: Neutron (ML2/OVN) and a
# chassis per simulated host, started first (needs root: namespaces) and
# stopped when the all-in-one stops.
run-neutron: venv
	$(VENV)/bin/nova-lite-manage db sync
	$(SUDO) $(VENV)/bin/nova-lite-network-service run -- \
	  $(VENV)/bin/nova-lite-all-in-one --config-file etc/nova-lite/neutron.conf

# Build the demo guest (Debian kernel, busybox initramfs) and upload it to
# the running image API as nova-lite-demo.
demo-image: venv
	@command -v cpio >/dev/null || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq cpio; }
	$(VENV)/bin/nova-lite-demo-image

# flake8 with OpenStack's hacking checks (the rules kept are in tox.ini's
# [flake8]); `tox -e pep8` runs the same.
pep8: venv
	$(VENV)/bin/flake8

# The documentation tree (doc/source) as HTML in doc/build/html, with
# every warning an error; the references are made from the code.
docs: venv
	$(VENV)/bin/sphinx-build -E -W --keep-going -b html -q doc/source doc/build/html

# Unit and functional tests side by side (each file on one worker: a
# file's tests may share state, as gabbi's YAML files do); integration
# tests one at a time, as they share the machine's real services (none
# selected, as with PYTEST_ARGS="-m 'not integration'", is not a failure).
# Each run ends with its slowest tests, to keep the whole inside CI's time.
TEST_WORKERS ?= 4
test: venv pep8 docs
	$(VENV)/bin/lint-imports
	$(VENV)/bin/pytest -n $(TEST_WORKERS) --dist loadfile --durations=15 tests/unit tests/functional $(PYTEST_ARGS)
	$(VENV)/bin/pytest --durations=25 tests/integration $(PYTEST_ARGS) || [ $$? -eq 5 ]

# A controller and K computes (LAB_ARGS="--computes 3", "--database
# postgresql"), each compute in its own network namespace; in the
# background, on this machine's RabbitMQ and MariaDB. Needs root.
lab: venv
	@missing=""; \
	command -v ip >/dev/null || missing="$$missing iproute2"; \
	command -v socat >/dev/null || missing="$$missing socat"; \
	command -v unshare >/dev/null || missing="$$missing util-linux"; \
	if [ -n "$$missing" ]; then \
	  echo "installing with apt-get:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	$(SUDO) $(VENV)/bin/nova-lite-lab up $(LAB_ARGS)

# The lab on real hypervisors: each compute with a libvirtd of its own
# (QEMU guests) in its namespaces, the hosts' libvirtds reaching each
# other over the lab network (guests live-migrate between them); then
# the demo guest uploaded to the lab's image API. Needs root.
lab-real: venv
	$(MAKE) lab LAB_ARGS="--real $(LAB_ARGS)"
	$(MAKE) demo-image

lab-down: venv
	$(SUDO) $(VENV)/bin/nova-lite-lab down $(LAB_DOWN_ARGS)

bench: venv
	$(VENV)/bin/python bench/boot.py

genconfig: venv
	$(VENV)/bin/oslo-config-generator \
	  --config-file etc/nova-lite/nova-lite-config-generator.conf
	$(VENV)/bin/oslopolicy-sample-generator \
	  --config-file etc/nova-lite/nova-lite-policy-generator.conf

clean:
	rm -rf $(VENV) var doc/build
