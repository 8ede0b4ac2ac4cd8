/**
 * The work behind the apps' {@code GET /fanout}, {@code GET /cpu} and {@code GET /db}, written once for all five apps. Each app only
 * decides <em>where</em> it runs (its model's idiom); <em>what</em> runs, which parameters are valid and what the
 * answer says come from here, so the build guarantees they are the same in every model.
 */
package loadlab.workload;
