# loadlab: `make help` lists the targets. Every target finds a JDK 21+ itself (scripts/find-jdk): the machine's
# default java is 17 and is never used.
SHELL := bash
.DEFAULT_GOAL := help

JAVA_HOME := $(shell scripts/find-jdk)
ifeq ($(JAVA_HOME),)
$(error loadlab needs a JDK 21+: see the line above for what to install)
endif
export JAVA_HOME
# The summary records the command that produced it.
export LOADLAB_COMMAND = make $(MAKECMDGOALS) $(MAKEOVERRIDES)

MVNW := ./mvnw -B -ntp

# Comparison knobs (empty = the runner's default; see README "Knobs").
USERS ?=
RAMPUP ?=
WARMUP ?=
DURATION ?=
TIMEOUT ?=
APPS ?=
DELAY_MIN ?=
DELAY_MAX ?=
SEED ?=
HOST ?=
PORTS ?=
RESULTS ?=
APP_JVM_FLAGS ?=
RUNS ?=
USERS_LIST ?=
RATES ?=
MAX_THREADS ?=

# Executors knobs (empty = the runner's default; see README "Executors, one level down").
TASKS ?=
TASK_MS ?=
HASH_ROUNDS ?=
FORKS ?=
WARMUP_ITERATIONS ?=
ITERATIONS ?=
ITERATION_TIME ?=
BENCH ?=
# $(call knob-check,NAME,MIN,SUFFIX): empty, or a whole number >= MIN (optionally followed by SUFFIX); anything else
# stops at once with one line naming the value, before the build. The runner checks the rest (BENCH, forks × iterations).
knob-check = v='$($(1))'; [[ -z "$$v" ]] || { [[ "$$v" =~ ^[0-9]{1,9}$(3)$$ ]] && (( 10\#$${v%s} >= $(2) )); } \
	|| { echo "executors: $(1)='$$v' is not a whole number >= $(2)" >&2; exit 2; }

KNOBS = -Dusers=$(USERS) -Drampup=$(RAMPUP) -Dwarmup=$(WARMUP) -Dduration=$(DURATION) -Dtimeout=$(TIMEOUT) \
        -Dapps=$(APPS) -DdelayMin=$(DELAY_MIN) -DdelayMax=$(DELAY_MAX) -Dseed=$(SEED) -Dhost=$(HOST) \
        -Dports=$(PORTS) -Dresults=$(RESULTS) "-DappJvmFlags=$(APP_JVM_FLAGS)" -Druns=$(RUNS) \
        -DusersList=$(USERS_LIST) -Drates=$(RATES) -DmaxThreads=$(MAX_THREADS)
RUN := scripts/run-reaped $(MVNW) -pl loadtest verify -DskipTests

.PHONY: help build test format compare sweep open capacity executors clean

help: ## List the targets
	@echo "loadlab (JDK: $(JAVA_HOME))"
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'
	@echo "Knobs for compare: USERS RAMPUP WARMUP DURATION TIMEOUT APPS DELAY_MIN DELAY_MAX SEED HOST PORTS RESULTS APP_JVM_FLAGS"

build: ## Build the six runnable jars (slow-server and the five apps) without running tests
	$(MVNW) package -DskipTests

test: ## Run every test: unit, black-box app tests, and a small end-to-end comparison
	$(MVNW) package

format: ## Reformat Java (palantir-java-format) and Kotlin (ktlint) in place; `make test` fails on what it would change
	$(MVNW) -q spotless:apply

compare: build ## Run the comparison (500 users, 60 s window; RUNS=3 repeats it) and write results/summary.md
	$(RUN) $(KNOBS) -Dmode=compare

sweep: build ## Every target at 100, 250, 500, 1000, 2000 users (USERS_LIST) and write results/sweep.md
	$(RUN) $(KNOBS) -Dmode=sweep

open: build ## Every target at a fixed arrival rate of 80, 150, 225 req/s (RATES) and write results/open-workload.md
	$(RUN) $(KNOBS) -Dmode=open

capacity: build ## slow-server alone at 500, 1000 and 2000 users: proves the backend is never the bottleneck
	$(RUN) $(KNOBS) -Dmode=sweep -Dapps=none -DusersList=500,1000,2000 -Dduration=30 -Dresults=results/capacity

executors: ## JMH: 10,000 tasks of 200 ms on each model's executor, floors and all (~10 min); writes results/executors.md
	@$(call knob-check,TASKS,1,)
	@$(call knob-check,TASK_MS,1,)
	@$(call knob-check,HASH_ROUNDS,1,)
	@$(call knob-check,FORKS,1,)
	@$(call knob-check,WARMUP_ITERATIONS,0,)
	@$(call knob-check,ITERATIONS,1,)
	@$(call knob-check,ITERATION_TIME,1,s?)
	$(MVNW) -q -pl executors -am package -DskipTests
	"$(JAVA_HOME)/bin/java" -cp executors/target/benchmarks.jar loadlab.executors.RunExecutors --project=$(CURDIR) \
		--tasks=$(TASKS) --taskMs=$(TASK_MS) --hashRounds=$(HASH_ROUNDS) --forks=$(FORKS) \
		--warmupIterations=$(WARMUP_ITERATIONS) --iterations=$(ITERATIONS) --iterationTime=$(ITERATION_TIME) \
		"--bench=$(BENCH)"

clean: ## Remove build output (results/ is kept)
	$(MVNW) -q clean
