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
JAVA := "$(JAVA_HOME)/bin/java"

# The runner: a plain jar, its libraries in loadtest/target/lib/. Its heap is the one ./mvnw -pl loadtest verify gives
# it, read from loadtest/pom.xml (which says why).
RUNNER_JAR := loadtest/target/loadtest.jar
RUNNER := $(JAVA) $(shell sed -n 's:.*<loadtest.jvm>\(.*\)</loadtest.jvm>.*:\1:p' loadtest/pom.xml) -jar $(RUNNER_JAR)
RUN := scripts/run-reaped $(RUNNER)
# The runner when it only checks the knobs or lists them: a JVM that starts fast.
RUNNER_CHECK := $(JAVA) -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar $(RUNNER_JAR)
EXECUTORS_JAR := executors/target/benchmarks.jar
EXECUTORS := $(JAVA) -cp $(EXECUTORS_JAR) loadlab.executors.RunExecutors --project=$(CURDIR)

# Every variable given on make's command line goes to the runner as typed: `make compare USERS=50` runs
# `loadtest.jar compare USERS=50`. The runners know their knobs by these names, and refuse any other in one line;
# only the few options make itself takes (below, and JAVA_HOME) stay here.
MAKE_OPTIONS := JAVA_HOME DB_ARGS BIND PORT SSL QUICK_RESULTS
KNOBS = $(strip $(foreach v,$(filter-out $(MAKE_OPTIONS),$(.VARIABLES)),$(if $(filter command line,$(origin $(v))),'$(v)=$(subst ','\'',$($(v)))')))

# What each target asks the runner: its command, and the scenarios of scenarios.yaml it runs in turn.
runner_compare := compare
runner_sweep := compare --scenario=sweep
runner_open := compare --scenario=open
runner_capacity := compare --scenario=capacity
runner_soak := compare --scenario=soak
runner_timelines := compare --scenario=slowdown,spike,faults,slowdown-open,spike-open,faults-open,cold-start,cold-start-busy
runner_db-pools := compare --scenario=db-pool-10,db-pool-50,db-pool-100
# make quick: the compare scenario with direct and two apps, short windows and no JIT warm-up; knobs given still win.
QUICK_DEFAULTS := APPS=webflux,virtual DURATION=30s WARMUP=5s JIT_WARMUP=off
runner_quick := compare $(QUICK_DEFAULTS)
runner_scenarios := scenarios
runner_report := report
runner_diff := diff
RUNNER_GOALS := quick compare sweep open capacity soak timelines db-pools scenarios report diff

# The knobs are checked while make reads this file, before anything builds, by the runner itself (`--check` starts
# nothing): a bad one costs a JVM start and one line, "Makefile:NN: *** loadtest: users='abc' is not a whole number.
# Stop." A runner not built yet, or older than its module's sources, is built first (that module alone), after a line
# that says so.
# $(call stale,<module> <modules it uses>,<jar>): why the jar must be built before it can check anything; empty when
# it is up to date.
stale = $(if $(wildcard $(2)),$(if $(shell find $(foreach m,$(1),$(m)/src/main $(m)/pom.xml) pom.xml -newer $(2) \
	-print -quit),its sources changed since $(2) was built),$(2) is not built yet)
# $(call built,<module> <modules it uses>,<jar>): builds the module if its jar is stale; empty, or the one line of a
# failed build.
built = $(if $(call stale,$(1),$(2)),$(info $(firstword $(1)): $(strip $(call stale,$(1),$(2))): building it first to \
	check the knobs ($(MVNW) -q -pl $(firstword $(1)) -am package -DskipTests))$(shell mkdir -p $(firstword $(1))/target \
	&& JAVA_HOME="$(JAVA_HOME)" $(MVNW) -q -pl $(firstword $(1)) -am package -DskipTests \
	>$(firstword $(1))/target/make-build.log 2>&1 || echo "$(firstword $(1)): the build failed: \
	$(firstword $(1))/target/make-build.log"))
# $(call checked,<runner>,<the goal's own arguments>): empty when the runner takes the knobs; else the one line it
# printed on stderr. The goal's arguments come last, as in its recipe, so that they count over a knob given alike.
checked = $(shell out=$$($(1) --check $(KNOBS) $(2) 2>&1 >/dev/null) || echo "$${out:-$(1) --check failed}")
GOALS := $(or $(MAKECMDGOALS),$(.DEFAULT_GOAL))
ifneq ($(filter help $(RUNNER_GOALS),$(GOALS)),)
BUILD_ERROR := $(call built,loadtest reporting,$(RUNNER_JAR))
$(if $(BUILD_ERROR),$(error $(BUILD_ERROR)))
endif
CHECKED_GOAL := $(firstword $(filter $(RUNNER_GOALS),$(GOALS)))
ifneq ($(CHECKED_GOAL),)
KNOB_ERROR := $(call checked,$(RUNNER_CHECK) --project=$(CURDIR),$(runner_$(CHECKED_GOAL)))
$(if $(KNOB_ERROR),$(error $(KNOB_ERROR)))
endif
ifneq ($(filter executors,$(GOALS)),)
BUILD_ERROR := $(call built,executors reporting,$(EXECUTORS_JAR))
$(if $(BUILD_ERROR),$(error $(BUILD_ERROR)))
KNOB_ERROR := $(call checked,$(EXECUTORS))
$(if $(KNOB_ERROR),$(error $(KNOB_ERROR)))
endif

.PHONY: help build test format quick compare sweep open capacity scenarios timelines soak db-pools report diff db engine keystore dist executors clean

help: ## List the targets and the knobs
	@echo "loadlab (JDK: $(JAVA_HOME))"
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'
	@echo "How long each took here: the Took column of results/README.md (and docs/scenarios.md)."
	@echo "The runner (make's targets start it with the knobs given, e.g. make compare USERS=50):"
	@$(RUNNER_CHECK) help
	@echo "Knobs of make executors (its own JMH runner; docs/executors.md):"
	@echo "  TASKS (10000) TASK_MS (200) HASH_ROUNDS (100) FORKS (2) WARMUP_ITERATIONS (2) ITERATIONS (5) ITERATION_TIME (2s) BENCH (all)"

build: ## Build the runnable jars (slow-server and the five apps) without running tests
	$(MVNW) package -DskipTests

# First every module built and installed, no test run: the end-to-end build resolves loadtest and the modules it uses
# from the local repository, as `./mvnw -pl loadtest verify` does. Then two builds at once. The end-to-end tests
# (end-to-end/, *IT) start at once, in a build of their own: they are the longest chain, mostly waiting on the
# processes they start, and they need only the jars. -Djars.built says those exist. Their output goes to
# target/end-to-end.log, printed when they end. Beside them, every other module's tests, three modules at a time as
# .mvn/maven.config says: unit tests (*Tests, surefire) and then the tests that start processes (*IT, failsafe). A build
# of every module runs no comparison (loadtest's verify says so in one line). Once it ends, the distribution's check and
# the Makefile's run side by side, in the minutes the end-to-end tests still take (one after the other, they outlasted
# them), each into its own log, printed when both end. No build or check writes where another reads: the two builds
# have their modules apart, and a build that finds a jar up to date leaves it as it is. Then, passed or failed, the ten
# slowest test classes by name (scripts/test-slowest reads the surefire and failsafe reports).
test: ## Run every test: unit, black-box app tests, small end-to-end runs (*IT), and the distribution on a JDK alone
	@mkdir -p target && touch target/test-started
	$(MVNW) install -DskipTests
	@echo "make test: the end-to-end tests run beside the others' (target/end-to-end.log, printed when they end)"
	$(MVNW) -pl end-to-end verify -Djars.built >target/end-to-end.log 2>&1 & endToEnd=$$!; \
	$(MVNW) verify -pl '!end-to-end'; verified=$$?; \
	scripts/test-dist >target/test-dist.log 2>&1 & dist=$$!; \
	scripts/test-make >target/test-make.log 2>&1; made=$$?; \
	wait $$dist; distributed=$$?; cat target/test-dist.log target/test-make.log; \
	wait $$endToEnd; ended=$$?; cat target/end-to-end.log; \
	scripts/test-slowest 10 target/test-started; \
	[ $$verified -eq 0 ] && [ $$distributed -eq 0 ] && [ $$made -eq 0 ] && [ $$ended -eq 0 ]

format: ## Reformat Java (palantir-java-format) and Kotlin (ktlint) in place; `make test` fails on what it would change
	$(MVNW) -q spotless:apply

# A first answer in minutes, into a scratch folder so that it never replaces the committed results.
QUICK_RESULTS ?= quick-results
quick: build ## A first answer in minutes: direct, app-webflux, app-virtual, 30 s windows, into QUICK_RESULTS (quick-results/)
	$(RUN) $(QUICK_DEFAULTS) $(KNOBS) compare 'RESULTS=$(QUICK_RESULTS)'

compare: build ## Run a scenario (SCENARIO, default compare: 500 users, 150 s window; RUNS=3 repeats it) into results/
sweep: build ## The sweep scenario: every target at 100 to 2000 users, results/sweep.md
open: build ## The open scenario: fixed arrival rates of 80, 150, 225 req/s, results/open-workload.md
capacity: build ## The capacity scenario: slow-server alone at 500 to 10,000 clients, results/capacity/sweep.md
scenarios: build ## Every default scenario of scenarios.yaml, each into results/<scenario>/, and results/README.md
timelines: build ## The timeline scenarios: a backend slowdown, a spike, faults, closed-loop then as open arrivals, and a cold start, calm and busy; results/<scenario>/
db-pools: build ## The database pool sweep: pools of 10, 50, 100 x 200 and 1,000 users, results/db-pool-<n>/
soak: build ## The soak scenario: 20 minutes of steady load per target, heap and threads watched, results/soak/
compare sweep open capacity scenarios timelines db-pools soak:
	$(RUN) $(KNOBS) $(runner_$@)

report: ## Rebuild every report and chart under RESULTS (default results/) from its data files; starts nothing
	@$(RUNNER) $(KNOBS) $(runner_$@)
	$(MVNW) -q -pl executors -am package -DskipTests
	$(JAVA) -cp $(EXECUTORS_JAR) loadlab.executors.RebuildReport $(or $(RESULTS),results)

diff: ## Compare two results folders figure by figure: make diff A=results B=/tmp/other writes B/diff.md
	@$(RUNNER) $(KNOBS) $(runner_$@)

DB_ARGS ?=
db: ## Start the lab's PostgreSQL (db-server) in the foreground for manual use; Ctrl-C stops it (options: DB_ARGS)
	$(MVNW) -q -pl db-server -am package -DskipTests
	$(JAVA_HOME)/bin/java -jar db-server/target/db-server.jar $(DB_ARGS)

# A JMeter remote engine for a controller on another host (docs/multi-host.md). Options, not knobs: empty means the
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

executors: ## JMH: 10,000 tasks of 200 ms on each model's executor, floors and all; writes results/executors.md
	$(MVNW) -q -pl executors -am package -DskipTests
	$(EXECUTORS) $(KNOBS)

clean: ## Remove build output (results/ is kept)
	$(MVNW) -q clean
