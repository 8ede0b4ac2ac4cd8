# loadlab: `make help` lists the targets and every knob. Every target finds a JDK 21+ itself (scripts/find-jdk): the
# machine's default java is 17 and is never used.
SHELL := bash
.DEFAULT_GOAL := help

JAVA_HOME := $(shell scripts/find-jdk)
ifeq ($(JAVA_HOME),)
$(error loadlab needs a JDK 21+: see the line above for what to install)
endif
export JAVA_HOME
# The reports record the command that produced them.
export LOADLAB_COMMAND = make $(MAKECMDGOALS) $(MAKEOVERRIDES)

MVNW := ./mvnw -B -ntp

# The knobs come from one table (make variable, -D property, default, meaning), which the runner reads too.
KNOB_TABLE := loadtest/src/main/resources/knobs.tsv
KNOB_PAIRS := $(shell awk -F'\t' '!/^\#/ && NF == 4 { print $$1 "=" $$2 }' $(KNOB_TABLE))
knob_var = $(firstword $(subst =, ,$(1)))
knob_prop = $(word 2,$(subst =, ,$(1)))
# -Dproperty=value for every knob set on the command line (make compare USERS=50), and nothing else.
KNOBS = $(foreach k,$(KNOB_PAIRS),$(if $(filter command line,$(origin $(call knob_var,$(k)))),"-D$(call knob_prop,$(k))=$($(call knob_var,$(k)))"))

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

# maven.test.skip, not skipTests: -DskipTests also skips the runner's exec (so that `./mvnw install -DskipTests` only
# builds), while these targets skip only the loadtest module's own tests and run the runner.
LOADTEST := $(MVNW) -pl loadtest verify -Dmaven.test.skip=true
RUN := scripts/run-reaped $(LOADTEST)
# The knobs are checked before anything builds, with the runner's own rules (scripts/check-knobs compiles the plan
# package, which needs only the JDK, once per user and version of its sources), so a bad value costs one line and a
# fraction of a second: "Makefile:NN: *** loadtest: users='abc' is not a whole number.  Stop."
KNOB_ARGS = --project=$(CURDIR) $(foreach k,$(KNOB_PAIRS),$(if $(filter command line,$(origin $(call knob_var,$(k)))),"--$(call knob_prop,$(k))=$($(call knob_var,$(k)))"))
CHECKED_GOAL := $(firstword $(filter compare sweep open capacity scenarios db-pools report diff,$(MAKECMDGOALS)))
# What each goal asks the runner to do, as arguments: a scenario of scenarios.conf, or a mode.
goal_args = $(if $(filter sweep open capacity,$(1)),--scenario=$(1),$(if $(filter db-pools,$(1)),--scenario=db-pool-10,$(if $(filter compare,$(1)),,--mode=$(1))))
ifneq ($(CHECKED_GOAL),)
KNOB_ERROR := $(shell JAVA_HOME="$(JAVA_HOME)" scripts/check-knobs $(KNOB_ARGS) $(call goal_args,$(CHECKED_GOAL)) 2>&1 >/dev/null)
ifneq ($(KNOB_ERROR),)
$(error $(KNOB_ERROR))
endif
endif

.PHONY: help build test format compare sweep open capacity scenarios timelines soak db-pools report diff db engine keystore dist executors clean

help: ## List the targets and the knobs
	@echo "loadlab (JDK: $(JAVA_HOME))"
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'
	@echo "Knobs (make compare USERS=50; ./mvnw -pl loadtest verify -Dusers=50):"
	@awk -F'\t' '!/^#/ && NF == 4 { d = ($$3 == "" ? "none" : $$3); printf "  %-14s %-15s default %-28s %s\n", $$1, "-D" $$2, d, $$4 }' $(KNOB_TABLE)
	@echo "Knobs of make executors (its own JMH runner; README \"Executors, one level down\"):"
	@echo "  TASKS (10000) TASK_MS (200) HASH_ROUNDS (100) FORKS (2) WARMUP_ITERATIONS (2) ITERATIONS (5) ITERATION_TIME (2s) BENCH (all)"

build: ## Build the runnable jars (slow-server and the five apps) without running tests
	$(MVNW) package -DskipTests

# In each module the unit tests (*Tests, surefire), then, once package has built the jars, the tests that start
# processes (*IT, failsafe); loadtest last, so the jars its tests start exist. One module at a time: two at once
# starved slow-server's 4,000-connection test past Jetty's 30 s idle timeout (it passes alone on the same machine).
# -DskipComparison: loadtest's verify would also run a comparison, which is how a user runs one.
test: ## Run every test: unit, black-box app tests, small end-to-end runs (*IT), and the distribution on a JDK alone
	$(MVNW) verify -DskipComparison
	scripts/test-dist
	scripts/test-make

format: ## Reformat Java (palantir-java-format) and Kotlin (ktlint) in place; `make test` fails on what it would change
	$(MVNW) -q spotless:apply

compare: build ## Run a scenario (SCENARIO, default compare: 500 users, 150 s window, 31-34 min; RUNS=3 repeats it) into results/
	$(RUN) $(KNOBS) -Dmode=run

sweep: build ## The sweep scenario: every target at 100 to 2000 users, results/sweep.md
	$(RUN) $(KNOBS) -Dmode=run -Dscenario=sweep

open: build ## The open scenario: fixed arrival rates of 80, 150, 225 req/s, results/open-workload.md
	$(RUN) $(KNOBS) -Dmode=run -Dscenario=open

capacity: build ## The capacity scenario: slow-server alone at 500 to 10,000 clients, results/capacity/sweep.md
	$(RUN) $(KNOBS) -Dmode=run -Dscenario=capacity

scenarios: build ## Every default scenario of scenarios.conf (about 2 h 15 min here), each into results/<scenario>/, and results/README.md
	$(RUN) $(KNOBS) -Dmode=scenarios

TIMELINES = slowdown spike faults
timelines: build ## The timeline scenarios (a backend slowdown, a spike of users, faults; about 45 min), results/<scenario>/
	@status=0; for s in $(TIMELINES); do $(RUN) $(KNOBS) -Dmode=run -Dscenario=$$s || status=1; done; exit $$status

DB_POOLS = db-pool-10 db-pool-50 db-pool-100
db-pools: build ## The database pool sweep: pools of 10, 50, 100 x 200 and 1,000 users (about 27 min), results/db-pool-<n>/
	@status=0; for s in $(DB_POOLS); do $(RUN) $(KNOBS) -Dmode=run -Dscenario=$$s || status=1; done; exit $$status

soak: build ## The soak scenario: 20 minutes of steady load per target, heap and threads watched, results/soak/
	$(RUN) $(KNOBS) -Dmode=run -Dscenario=soak

report: ## Rebuild every report and chart under RESULTS (default results/) from its data files; starts nothing
	$(LOADTEST) -q $(KNOBS) -Dmode=report

diff: ## Compare two results folders figure by figure: make diff A=results B=/tmp/other writes B/diff.md
	$(LOADTEST) -q $(KNOBS) -Dmode=diff

DB_ARGS ?=
db: ## Start the lab's PostgreSQL (db-server) in the foreground for manual use; Ctrl-C stops it (options: DB_ARGS)
	$(MVNW) -q -pl db-server -am package -DskipTests
	$(JAVA_HOME)/bin/java -jar db-server/target/db-server.jar $(DB_ARGS)

# A JMeter remote engine for a controller on another host (README "Engines"). Options, not knobs: empty means the
# engine's own default (127.0.0.1; 1099, and 1100 for its remote object; SSL off on loopback, on elsewhere).
BIND ?=
PORT ?=
SSL ?=
# From a plain classpath, as on a host that has only the distribution (`make dist`): Maven only builds it.
ENGINE_CLASSPATH := loadtest/target/loadtest.jar:loadtest/target/lib/*
engine: ## Run a JMeter remote engine in the foreground until Ctrl-C (options: BIND=<address> PORT=<port> SSL=on|off KEYSTORE=<file>)
	$(MVNW) -q -pl loadtest -am package -DskipTests
	scripts/run-reaped "$(JAVA_HOME)/bin/java" -cp '$(ENGINE_CLASSPATH)' loadlab.loadtest.engine.Engine \
		$(if $(BIND),"--bind=$(BIND)") $(if $(PORT),"--port=$(PORT)") $(if $(SSL),"--ssl=$(SSL)") \
		$(if $(KEYSTORE),"--keystore=$(KEYSTORE)")

# As JMeter's create-rmi-keystore makes it: its alias, password, key size and validity (7 days, so that a copy
# forgotten on a host stops working within a week). An engine that finds no keystore prints the same command.
keystore: ## Make rmi_keystore.jks, the key pair a controller and its engines share for RMI over SSL (valid 7 days)
	@if [ -e rmi_keystore.jks ]; then \
		echo "keystore: rmi_keystore.jks exists already; delete it to make a new one, then copy that to every host" >&2; \
		exit 2; fi
	"$(JAVA_HOME)/bin/keytool" -genkeypair -alias rmi -keyalg RSA -keysize 2048 -validity 7 -storetype JKS \
		-storepass changeit -keypass changeit -dname CN=loadlab-rmi -keystore rmi_keystore.jks
	@echo "keystore: wrote rmi_keystore.jks (valid 7 days); copy it to the controller's and each engine's working folder"

dist: build ## A copy of the lab for other hosts, no Maven needed: dist/loadlab/ (jars, bin/ per role) and its .tar.gz
	scripts/make-dist

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
