package loadlab.slowserver;

/**
 * What slow-server does with one request.
 *
 * @param delayMs the delay drawn from the running phase's range (or the base range); the body names it
 * @param fault   null for a normal answer
 */
record Answer(int delayMs, FaultKind fault) {}
