"""bnb.py -- the bnb integer-programming library from Python, through
ctypes over the shared library (libbnb.so): nothing to compile.

    import bnb
    m = bnb.Model("wyndor")
    d = m.add_col("doors", obj=3)
    w = m.add_col("windows", obj=5)
    m.add_row("plant3", {d: 3, w: 2}, up=18)
    m.maximize()
    r = m.solve(mip_gap=0.01)            # parameters by name (bnb --help)
    print(r.status, r.objective, r.values)

The library is found through the BNB_LIBRARY environment variable (a
path), else in the build folder beside this file (make lib), else where
the system keeps libraries (make install). See docs/PYTHON.md.
"""
import ctypes
import ctypes.util
import glob
import math
import os

__all__ = ["Error", "INF", "Model", "Params", "Result", "Event", "Puzzle",
           "library", "version"]

INF = math.inf
_ERRLEN = 512


class Error(Exception):
    """A model, file or parameter the library refused."""


def _find_library():
    path = os.environ.get("BNB_LIBRARY")
    if path:
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    for folder in (os.path.join(here, "..", "build"), here):
        found = sorted(glob.glob(os.path.join(folder, "libbnb.so*")))
        if found:
            return found[0]
    found = ctypes.util.find_library("bnb")
    if found:
        return found
    raise OSError("libbnb.so not found: run make lib, or set BNB_LIBRARY")


_P = ctypes.c_void_p
_D = ctypes.c_double
_I = ctypes.c_int
_S = ctypes.c_char_p
_DP = ctypes.POINTER(ctypes.c_double)
_OBSERVER = ctypes.CFUNCTYPE(_I, _P, _P)

# name: (result type, argument types), the declarations of bnb.h and
# bnb_puzzle.h this module calls
_PROTOTYPES = {
    "bnb_version": (_S, []),
    "bnb_error_string": (_S, [_I]),
    "bnb_status_name": (_S, [_I]),
    "bnb_relative_gap": (_D, [_D, _D]),
    "bnb_model_new": (_P, [_S]),
    "bnb_model_free": (None, [_P]),
    "bnb_add_col": (_I, [_P, _S, _D, _D, _D, _I]),
    "bnb_add_row": (_I, [_P, _S, _I, ctypes.POINTER(_I), _DP, _D, _D]),
    "bnb_set_sense": (None, [_P, _I]),
    "bnb_set_col_bounds": (_I, [_P, _I, _D, _D]),
    "bnb_set_col_int": (_I, [_P, _I, _I]),
    "bnb_set_obj_coef": (_I, [_P, _I, _D]),
    "bnb_set_row_bounds": (_I, [_P, _I, _D, _D]),
    "bnb_col_obj": (_D, [_P, _I]),
    "bnb_col_lo": (_D, [_P, _I]),
    "bnb_col_up": (_D, [_P, _I]),
    "bnb_row_lo": (_D, [_P, _I]),
    "bnb_row_up": (_D, [_P, _I]),
    "bnb_find_row": (_I, [_P, _S]),
    "bnb_set_obj_offset": (None, [_P, _D]),
    "bnb_model_sense": (_I, [_P]),
    "bnb_num_cols": (_I, [_P]),
    "bnb_num_rows": (_I, [_P]),
    "bnb_col_name": (_S, [_P, _I]),
    "bnb_row_name": (_S, [_P, _I]),
    "bnb_find_col": (_I, [_P, _S]),
    "bnb_read_mps": (_P, [_S, _S, ctypes.c_size_t]),
    "bnb_read_lp": (_P, [_S, _S, ctypes.c_size_t]),
    "bnb_write_mps": (_I, [_P, _S, _S, ctypes.c_size_t]),
    "bnb_write_lp": (_I, [_P, _S, _S, ctypes.c_size_t]),
    "bnb_params_new": (_P, []),
    "bnb_params_delete": (None, [_P]),
    "bnb_params_set": (_I, [_P, _S, _S]),
    "bnb_params_get": (_D, [_P, _S]),
    "bnb_result_new": (_P, []),
    "bnb_result_delete": (None, [_P]),
    "bnb_result_number": (_D, [_P, _S]),
    "bnb_result_array": (_DP, [_P, _S]),
    "bnb_result_message": (_S, [_P]),
    "bnb_result_col_status": (_I, [_P, _I]),
    "bnb_result_row_status": (_I, [_P, _I]),
    "bnb_solve": (_I, [_P, _P, _OBSERVER, _P, _P]),
    "bnb_event_number": (_D, [_P, _S]),
    "bnb_event_x": (_DP, [_P]),
    "bnb_event_found_by": (_S, [_P]),
    "bnb_event_name": (_S, [_I]),
    "bnb_puzzle_read": (_P, [_S, _S, _S, ctypes.c_size_t]),
    "bnb_puzzle_free": (None, [_P]),
    "bnb_puzzle_model": (_P, [_P]),
    "bnb_puzzle_describe": (_S, [_P]),
    "bnb_puzzle_solution_text": (_I, [_P, _DP, _S, ctypes.c_size_t, _S,
                                      ctypes.c_size_t]),
}

_lib = None


def library():
    """The loaded shared library (loaded on first use)."""
    global _lib
    if _lib is None:
        lib = ctypes.CDLL(_find_library())
        for name, (res, args) in _PROTOTYPES.items():
            f = getattr(lib, name)
            f.restype = res
            f.argtypes = args
        _lib = lib
    return _lib


def _text(b):
    return b.decode("utf-8", "replace") if b is not None else None


def version():
    return _text(library().bnb_version())


def _check(rc, what):
    if rc < 0:
        raise Error("%s: %s" % (what, _text(library().bnb_error_string(rc))))
    return rc


class Params:
    """The engine's parameters (the BNB_PARAMS table; bnb --help lists
    them), set and read by name: p["mip_gap"] = 0.01."""

    def __init__(self, **settings):
        self._p = library().bnb_params_new()
        if not self._p:
            raise MemoryError("bnb_params_new")
        for name, value in settings.items():
            self[name] = value

    def __setitem__(self, name, value):
        if isinstance(value, bool):
            value = int(value)
        text = repr(float(value)) if isinstance(value, float) else str(value)
        if library().bnb_params_set(self._p, name.encode(),
                                    text.encode()) != 0:
            raise Error("parameter %s: not a name or not a value in its "
                        "range: %r" % (name, value))

    def __getitem__(self, name):
        v = library().bnb_params_get(self._p, name.encode())
        if math.isnan(v):
            raise KeyError(name)
        return v

    def __del__(self):
        if getattr(self, "_p", None) and _lib is not None:
            _lib.bnb_params_delete(self._p)
            self._p = None


class Event:
    """One event of a solve, valid only inside the observer call: its
    kind (ev.type: "node", "branch", "incumbent", ...) and any number of
    bnb.h's bnb_event by name (ev.node, ev.lp_obj, ev.col, ...)."""

    def __init__(self, ptr, ncols):
        self._ev = ptr
        self._n = ncols

    @property
    def type(self):
        kind = int(library().bnb_event_number(self._ev, b"type"))
        return _text(library().bnb_event_name(kind))

    @property
    def x(self):
        p = library().bnb_event_x(self._ev)
        return [p[j] for j in range(self._n)] if p else None

    @property
    def found_by(self):
        return _text(library().bnb_event_found_by(self._ev))

    def __getattr__(self, field):
        if field.startswith("_"):
            raise AttributeError(field)
        # NAN for a name bnb_event does not have
        return library().bnb_event_number(self._ev, field.encode())


_STATUS_CODES = ["BS", "NL", "NU", "NF", "NS"]


class Result:
    """What a solve gave: status ("optimal", "infeasible", "optimal within
    gap", ...), objective, bound, gap, nodes, the column values (x and
    values by name), and with an LP (lp_only) the duals, and with
    ranging the ranges."""

    def __init__(self, model, res):
        lib = library()
        n, m = model.num_cols, model.num_rows
        num = lambda f: lib.bnb_result_number(res, f.encode())

        def array(field, length):
            p = lib.bnb_result_array(res, field.encode())
            return [p[k] for k in range(length)] if p else None

        self.status = _text(lib.bnb_status_name(int(num("status"))))
        self.has_solution = bool(num("has_solution"))
        self.objective = num("objective") if self.has_solution else None
        self.bound = num("bound")
        self.nodes = int(num("nodes"))
        self.iterations = int(num("iterations"))
        self.solutions = int(num("solutions"))
        self.seconds = num("seconds")
        self.message = _text(lib.bnb_result_message(res))
        self.x = array("x", n) if self.has_solution else None
        self.values = ({model.col_name(j): self.x[j] for j in range(n)}
                       if self.x else {})
        self.row_activity = array("row_activity", m) if self.x else None
        self.duals = array("duals", m)
        self.reduced_costs = array("reduced_costs", n)
        self.ranges = None
        if lib.bnb_result_array(res, b"cost_lo"):
            self.ranges = {
                "cost": {model.col_name(j): (
                    _STATUS_CODES[lib.bnb_result_col_status(res, j)], lo, up)
                    for j, lo, up in zip(range(n), array("cost_lo", n),
                                         array("cost_up", n))},
                "rhs": {model.row_name(i): (
                    _STATUS_CODES[lib.bnb_result_row_status(res, i)], lo, up)
                    for i, lo, up in zip(range(m), array("rhs_lo", m),
                                         array("rhs_up", m))}}

    @property
    def gap(self):
        """|objective - bound| / max(|objective|, 1e-10), as HiGHS and CPLEX."""
        if self.objective is None:
            return None
        return library().bnb_relative_gap(self.objective, self.bound)

    def __repr__(self):
        return "Result(%r, objective=%r, nodes=%d)" % (
            self.status, self.objective, self.nodes)


def _solve(handle, model, params, observer, settings):
    lib = library()
    if params is None:
        params = Params()
    for name, value in settings.items():
        params[name] = value
    failure = []
    callback = _OBSERVER(0)
    if observer is not None:
        ncols = model.num_cols

        def relay(ctx, ev):
            try:
                return 1 if observer(Event(ev, ncols)) else 0
            except BaseException as e:  # stops the solve, raised below
                failure.append(e)
                return 1
        callback = _OBSERVER(relay)
    res = lib.bnb_result_new()
    if not res:
        raise MemoryError("bnb_result_new")
    try:
        _check(lib.bnb_solve(handle, params._p, callback, None, res),
               "bnb_solve")
        if failure:
            raise failure[0]
        return Result(model, res)
    finally:
        lib.bnb_result_delete(res)


class Model:
    """A model: columns with bounds, objective coefficients and
    integrality; rows lo <= sum a_j x_j <= up; minimise or maximise."""

    def __init__(self, name="model", _handle=None, _owner=None):
        self._owner = _owner   # a puzzle owns its model
        self._m = _handle or library().bnb_model_new(name.encode())
        if not self._m:
            raise MemoryError("bnb_model_new")

    @classmethod
    def read(cls, path):
        """A CPLEX-LP (.lp) or MPS (.mps) file."""
        err = ctypes.create_string_buffer(_ERRLEN)
        reader = (library().bnb_read_lp if path.lower().endswith(".lp")
                  else library().bnb_read_mps)
        h = reader(os.fsencode(path), err, _ERRLEN)
        if not h:
            raise Error(_text(err.value))
        return cls(_handle=h)

    def __del__(self):
        if getattr(self, "_m", None) and self._owner is None and _lib:
            _lib.bnb_model_free(self._m)
            self._m = None

    def add_col(self, name, lo=0.0, up=INF, obj=0.0, integer=False):
        """Returns the new column's index."""
        return _check(library().bnb_add_col(self._m, name.encode(), lo, up,
                                            obj, int(bool(integer))),
                      "column " + name)

    def add_row(self, name, coefs, lo=-INF, up=INF):
        """coefs: {column index or name: coefficient}. Returns its index."""
        cols = [c if isinstance(c, int) else self.find_col(c) for c in coefs]
        if min(cols, default=0) < 0:
            raise Error("row %s: a column name not in the model" % name)
        n = len(cols)
        idx = (_I * max(n, 1))(*cols)
        val = (_D * max(n, 1))(*[float(v) for v in coefs.values()])
        return _check(library().bnb_add_row(self._m, name.encode(), n, idx,
                                            val, lo, up), "row " + name)

    def _col(self, col):
        j = col if isinstance(col, int) else self.find_col(col)
        if not 0 <= j < self.num_cols:
            raise Error("no column %r" % (col,))
        return j

    def _row(self, row):
        i = (row if isinstance(row, int)
             else library().bnb_find_row(self._m, row.encode()))
        if not 0 <= i < self.num_rows:
            raise Error("no row %r" % (row,))
        return i

    def set_obj(self, col, c):
        """Column col's (index or name) objective coefficient."""
        _check(library().bnb_set_obj_coef(self._m, self._col(col), c),
               "objective coefficient")

    def set_col_bounds(self, col, lo, up):
        _check(library().bnb_set_col_bounds(self._m, self._col(col), lo, up),
               "column bounds")

    def set_integer(self, col, integer=True):
        _check(library().bnb_set_col_int(self._m, self._col(col),
                                         int(bool(integer))), "integrality")

    def set_row_bounds(self, row, lo, up):
        """Row row's (index or name) sides: lo <= a x <= up."""
        _check(library().bnb_set_row_bounds(self._m, self._row(row), lo, up),
               "row bounds")

    def obj(self, col):
        return library().bnb_col_obj(self._m, self._col(col))

    def col_bounds(self, col):
        j = self._col(col)
        return library().bnb_col_lo(self._m, j), library().bnb_col_up(self._m, j)

    def row_bounds(self, row):
        i = self._row(row)
        return library().bnb_row_lo(self._m, i), library().bnb_row_up(self._m, i)

    def maximize(self):
        library().bnb_set_sense(self._m, -1)

    def minimize(self):
        library().bnb_set_sense(self._m, 1)

    @property
    def num_cols(self):
        return library().bnb_num_cols(self._m)

    @property
    def num_rows(self):
        return library().bnb_num_rows(self._m)

    def col_name(self, j):
        return _text(library().bnb_col_name(self._m, j))

    def row_name(self, i):
        return _text(library().bnb_row_name(self._m, i))

    def find_col(self, name):
        return library().bnb_find_col(self._m, name.encode())

    def write(self, path):
        """As CPLEX-LP (.lp) or MPS (any other name)."""
        err = ctypes.create_string_buffer(_ERRLEN)
        writer = (library().bnb_write_lp if path.lower().endswith(".lp")
                  else library().bnb_write_mps)
        if writer(self._m, os.fsencode(path), err, _ERRLEN) != 0:
            raise Error(_text(err.value))

    def solve(self, params=None, observer=None, **settings):
        """Solves with params (a Params, or the defaults) and settings,
        parameters by name (node_limit=100, ...; set in params too when
        both are given); observer(event) sees every event and stops the
        solve by returning True."""
        return _solve(self._m, self, params, observer, settings)


class Puzzle:
    """A puzzle file (docs/FORMATS.md section 3) as a model, and its
    solution block as bnb prints it."""

    def __init__(self, path, variant=None):
        err = ctypes.create_string_buffer(_ERRLEN)
        self._p = library().bnb_puzzle_read(
            os.fsencode(path), variant.encode() if variant else None, err,
            _ERRLEN)
        if not self._p:
            raise Error(_text(err.value))
        self.model = Model(_handle=library().bnb_puzzle_model(self._p),
                           _owner=self)

    def __del__(self):
        if getattr(self, "_p", None) and _lib is not None:
            _lib.bnb_puzzle_free(self._p)
            self._p = None

    def describe(self):
        return _text(library().bnb_puzzle_describe(self._p))

    def solve(self, params=None, observer=None, **settings):
        return self.model.solve(params, observer, **settings)

    def solution_text(self, result):
        """The solution block, checked against the puzzle's rules."""
        if not result.x:
            raise Error("no solution to print")
        x = (_D * len(result.x))(*result.x)
        err = ctypes.create_string_buffer(_ERRLEN)
        n = library().bnb_puzzle_solution_text(self._p, x, None, 0, err,
                                               _ERRLEN)
        if n < 0:
            raise Error(_text(err.value) or "out of memory")
        buf = ctypes.create_string_buffer(n + 1)
        library().bnb_puzzle_solution_text(self._p, x, buf, n + 1, err,
                                           _ERRLEN)
        return _text(buf.value)
