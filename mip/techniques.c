/*
 * techniques.c -- the one table of the techniques that strengthen the
 * branch-and-bound core, as SCIP lists its plug-ins: each lives in a
 * folder of its own under mip/, runs behind one switch of BNB_PARAMS
 * (off in the textbook column, so --textbook is the core alone) and
 * counts its runs in mip_state.technique_runs.
 */
#include "mip.h"

const mip_technique mip_techniques[MIP_TECHNIQUES] = {
    [MIP_TECH_ROW_ROUNDING] = {"row rounding", "mip/presolve", "row_rounding",
                               0, "mip_round_integer_rows", ""},
    [MIP_TECH_PRESOLVE] = {"coefficient tightening", "mip/presolve",
                           "presolve", 0, "mip_tighten_coefficients", ""},
    [MIP_TECH_PROPAGATION] = {"propagation", "mip/presolve", "propagation", 0,
                              "mip_propagate_all mip_propagate_node", ""},
    [MIP_TECH_PROBING] = {"probing", "mip/presolve", "probing", 0,
                          "mip_probe", ""},
    [MIP_TECH_CONFLICTS] = {"conflict learning", "mip/presolve",
                            "conflict_learning", 0,
                            "mip_conflict_analyze mip_conflict_analyze_lp",
                            ""},
    [MIP_TECH_CONFLICT_BRANCHING] = {"conflict branching", "mip/presolve",
                                     "conflict_branching", 0,
                                     "mip_conflict_branch_col", ""},
    [MIP_TECH_RESTARTS] = {"restarts", "mip/presolve", "restart_base", 0,
                           "mip_restart", "mip_restart_due"},
    [MIP_TECH_CUTS] = {"cutting planes", "mip/cuts", "cuts", 0,
                       "mip_cuts_root mip_cuts_node", "mip_cuts_wanted"},
    [MIP_TECH_HEURISTICS] = {"rounding and dives", "mip/heur", "heuristics",
                             0, "mip_heuristics_root mip_dive_node",
                             "mip_dive_due"},
    [MIP_TECH_DIVING] = {"dive without objective", "mip/heur", "diving", 0,
                         "mip_dive", ""},
    [MIP_TECH_PUMP] = {"feasibility pump", "mip/heur", "pump", 0, "mip_pump",
                       "mip_pump_suits"},
    [MIP_TECH_RINS] = {"RINS", "mip/heur", "rins", 0, "mip_rins",
                       "mip_rins_due"},
    [MIP_TECH_SYMMETRY] = {"orbitopal fixing", "mip/sym", "symmetry", 0,
                           "mip_symmetry_fix mip_symmetry_node",
                           "mip_symmetry_wanted"},
    [MIP_TECH_LIFTED_COVERS] = {"lifted covers", "mip/cuts", "cover_lifting",
                                0, "mip_lifted_covers", ""},
    [MIP_TECH_ROOT_RC_FIXING] = {"root reduced-cost fixing", "mip/presolve",
                                 "root_rc_fixing", 0,
                                 "mip_root_duals_keep mip_root_fixing",
                                 "mip_root_fixing_due"},
};
