# nova_lite: `make run` starts the all-in-one, `make test` runs the suite.
VENV ?= .venv
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export NOVA_LITE_STATE_DIR ?= $(CURDIR)/var

.PHONY: venv run test bench genconfig clean

$(STAMP): setup.cfg pyproject.toml
	@pkg-config --exists libvirt 2>/dev/null || { \
	  echo "installing libvirt-dev and pkg-config (apt-get)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq \
	    libvirt-dev pkg-config; }
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

run: venv
	$(VENV)/bin/nova-lite-manage db sync
	$(VENV)/bin/nova-lite-all-in-one

test: venv
	$(VENV)/bin/lint-imports
	$(VENV)/bin/pytest $(PYTEST_ARGS)

bench: venv
	$(VENV)/bin/python bench/boot.py

genconfig: venv
	$(VENV)/bin/oslo-config-generator \
	  --config-file etc/nova-lite/nova-lite-config-generator.conf

clean:
	rm -rf $(VENV) var
