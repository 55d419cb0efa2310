# EvoKG developer commands. `make up` runs the platform, `make test` runs
# every test against real Neo4j and Postgres+pgvector (started natively).
SHELL := /bin/bash
STACK := scripts/stack/stack.sh
GO_TEST_FLAGS ?= -count=1 -timeout 40m

.PHONY: up down test build stack-start stack-stop stack-status fake-ollama tidy python-client

build:
	go build -o bin/evokg ./cmd/evokg

stack-start:
	$(STACK) start

stack-stop:
	$(STACK) stop

stack-status:
	$(STACK) status

test: stack-start
	contract/install.sh
	clients/python/install.sh
	scripts/models/install.sh
	scripts/browser/install.sh
	source .stack/test.env && go run ./cmd/evokg migrate up && go test $(GO_TEST_FLAGS) ./...

up: build stack-start
	scripts/up.sh

down:
	scripts/down.sh

# Regenerates the Python client (clients/python/evokg-client) from api/openapi.yaml;
# a test fails while the checked-in client differs from a fresh generation.
python-client:
	clients/python/generate.sh

fake-ollama: build
	bin/evokg fake-ollama --addr 127.0.0.1:11434
