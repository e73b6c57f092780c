"""lpmodel.py -- a small model (rows, bounds, integrality, objective) kept
with its numbers as the decimal text written in the file, so that they can
be read back exactly as rationals (fractions.Fraction): the CPLEX-LP and
MPS subsets the adversarial generator writes, the readers for them (also
for the hand-written cases of the corpus), and the exact check of a
solution against the rows and bounds with a stated tolerance.
"""
from fractions import Fraction
import re

# A solution verifies when every row and bound holds to within
#   |violation| <= VERIFY_TOL * max(1, |rhs|)   for a row with a continuous term
#   |violation| <= VERIFY_TOL                    for a row of integer terms only
# after each integer column is rounded to the nearest integer (which it
# must be within INT_TOL of). This is the contract of bnb's tol_verify,
# so a peer's solution that passes is a solution bnb had to accept.
VERIFY_TOL = Fraction(1, 10**6)
INT_TOL = Fraction(1, 10**6)
# A strict check, for a peer's solution held up as evidence against bnb:
#   |violation| <= min(VERIFY_TOL, STRICT_REL * size) + DOUBLE_REL * size,
#   size = max(1, |rhs|, |a_j x_j|),
# absolute and relative to the row's size at once: a point that is off
# by 4e-8 in a row of size 1e4 is feasible to any solver, one that is off
# by 4e-7 in a row of size 1e-4 is not; a point feasible only by the
# looser contract above is no evidence that an "infeasible" is wrong.
STRICT_REL = Fraction(1, 10**8)
# ... plus what a solver computing in doubles cannot avoid: its activity
# of a row of size 4e9 is off by 1e-5 from rounding alone.
DOUBLE_REL = Fraction(1, 10**13)
# The rounding of a row's decimals to doubles: each term and the side off
# by at most an ulp (2^-52) of its size.
DATA_REL = Fraction(1, 2**52)


class Model:
    """cols: names in order; obj: name -> text; rows: [name, [(col, text)],
    op ('<=', '>=', '='), rhs text]; lo/up: name -> text or None (infinite);
    ints: set of integer column names; sense 'min' or 'max'."""

    def __init__(self, name="m"):
        self.name = name
        self.sense = "min"
        self.cols = []
        self.obj = {}
        self.rows = []
        self.lo = {}
        self.up = {}
        self.ints = set()
        self.comments = []

    def add_col(self, name, lo="0", up=None, integer=False):
        if name not in self.lo:
            self.cols.append(name)
        self.lo[name] = lo
        self.up[name] = up
        if integer:
            self.ints.add(name)

    def touch(self, name):
        if name not in self.lo:
            self.cols.append(name)
            self.lo[name] = "0"
            self.up[name] = None

    def has_objective(self):
        return any(Fraction(c) != 0 for c in self.obj.values())

    def pure_integer(self):
        return all(c in self.ints for c in self.cols)

    def copy(self):
        m = Model(self.name)
        m.sense = self.sense
        m.cols = list(self.cols)
        m.obj = dict(self.obj)
        m.rows = [[r[0], list(r[1]), r[2], r[3]] for r in self.rows]
        m.lo = dict(self.lo)
        m.up = dict(self.up)
        m.ints = set(self.ints)
        m.comments = list(self.comments)
        return m

    def drop_unused_cols(self):
        used = set(self.obj)
        for r in self.rows:
            used.update(c for c, _ in r[1])
        self.cols = [c for c in self.cols if c in used]
        self.ints &= used
        self.lo = {c: v for c, v in self.lo.items() if c in used}
        self.up = {c: v for c, v in self.up.items() if c in used}


def fx(text):
    return None if text is None else Fraction(text)


# ---------------------------------------------------------------- writers

def _term(coef, col, first):
    if coef.startswith("-"):
        return ("- " if not first else "-") + coef[1:] + " " + col
    return ("+ " if not first else "") + coef + " " + col


def _expr(terms):
    out = []
    for k, (col, coef) in enumerate(terms):
        out.append(_term(coef, col, k == 0))
    return " ".join(out)


def write_lp(m, glpk_safe=False):
    """CPLEX-LP text. glpk_safe: glpsol refuses an objective without a
    term, so it gets '0 x' with the first column."""
    lines = ["\\ " + c for c in m.comments]
    lines.append("Maximize" if m.sense == "max" else "Minimize")
    terms = [(c, m.obj[c]) for c in m.cols if c in m.obj]
    if not terms and glpk_safe and m.cols:
        terms = [(m.cols[0], "0")]
    lines.append(" obj: " + _expr(terms) if terms else " obj:")
    lines.append("Subject To")
    for name, rterms, op, rhs in m.rows:
        body = _expr(rterms) if rterms else "0 " + m.cols[0]
        lines.append(" %s: %s %s %s" % (name, body, op, rhs))
    lines.append("Bounds")
    for c in m.cols:
        lo, up = m.lo[c], m.up[c]
        if lo is None and up is None:
            lines.append(" %s free" % c)
        elif lo == "0" and up is None:
            continue
        else:
            lines.append(" %s <= %s <= %s" % ("-inf" if lo is None else lo,
                                               c, "+inf" if up is None else up))
    ints = [c for c in m.cols if c in m.ints]
    if ints:
        lines.append("General")
        for k in range(0, len(ints), 8):
            lines.append(" " + " ".join(ints[k:k + 8]))
    lines.append("End")
    return "\n".join(lines) + "\n"


def write_mps(m):
    """Free MPS, always minimising (a maximum is written as the minimum of
    the negated objective, and the file is that minimum from then on).
    Every column gets explicit bounds, as readers differ on the default
    upper bound of an integer column."""
    neg = m.sense == "max"
    lines = ["* " + c for c in m.comments]
    if neg:
        lines.append("* negated objective: the model maximises")
    lines.append("NAME          " + m.name)
    lines.append("ROWS")
    lines.append(" N obj")
    kind = {"<=": "L", ">=": "G", "=": "E"}
    for name, _, op, _ in m.rows:
        lines.append(" %s  %s" % (kind[op], name))
    lines.append("COLUMNS")
    entries = {c: [] for c in m.cols}
    for c in m.cols:
        if c in m.obj:
            v = m.obj[c]
            if neg:
                v = v[1:] if v.startswith("-") else "-" + v
            entries[c].append(("obj", v))
    for name, rterms, _, _ in m.rows:
        for c, v in rterms:
            entries[c].append((name, v))
    in_int = False
    marker = 0
    for c in m.cols:
        want = c in m.ints
        if want != in_int:
            lines.append("    M%-8d  'MARKER'                 '%s'" % (marker, "INTORG" if want else "INTEND"))
            marker += 1
            in_int = want
        if not entries[c]:
            entries[c].append(("obj", "0"))
        for r, v in entries[c]:
            lines.append("    %-8s  %-8s  %s" % (c, r, v))
    if in_int:
        lines.append("    M%-8d  'MARKER'                 'INTEND'" % marker)
    lines.append("RHS")
    for name, _, _, rhs in m.rows:
        if Fraction(rhs) != 0:
            lines.append("    RHS       %-8s  %s" % (name, rhs))
    lines.append("BOUNDS")
    for c in m.cols:
        lo, up = m.lo[c], m.up[c]
        if lo is None and up is None:
            lines.append(" FR BND       %-8s" % c)
            continue
        if lo is not None and up is not None and Fraction(lo) == Fraction(up):
            lines.append(" FX BND       %-8s  %s" % (c, lo))
            continue
        if lo is None:
            lines.append(" MI BND       %-8s" % c)
        else:
            lines.append(" LO BND       %-8s  %s" % (c, lo))
        if up is None:
            lines.append(" PL BND       %-8s" % c)
        else:
            lines.append(" UP BND       %-8s  %s" % (c, up))
    lines.append("ENDATA")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- readers

_TOKEN = re.compile(r"\s*(<=|>=|=<|=>|=|<|>|[+-]|:|[0-9.][0-9.]*(?:[eE][+-]?[0-9]+)?|"
                    r"[A-Za-z_!\"#$%&()/,.;?@'`{}|~\[\]][A-Za-z0-9_!\"#$%&()/,.;?@'`{}|~\[\]]*)")

_SECTIONS = {"minimize": "min", "minimise": "min", "minimum": "min", "min": "min",
             "maximize": "max", "maximise": "max", "maximum": "max", "max": "max",
             "subject": "st", "such": "st", "st": "st", "s.t.": "st", "st.": "st",
             "bounds": "bounds", "bound": "bounds", "general": "gen",
             "generals": "gen", "gen": "gen", "integer": "gen", "integers": "gen",
             "binary": "bin", "binaries": "bin", "bin": "bin", "end": "end"}


def _tokens(line):
    out, pos = [], 0
    line = line.rstrip()
    while pos < len(line):
        mt = _TOKEN.match(line, pos)
        if not mt:
            raise ValueError("cannot read %r" % line[pos:])
        out.append(mt.group(1))
        pos = mt.end()
        while pos < len(line) and line[pos].isspace():
            pos += 1
    return out


def _is_num(t):
    return bool(re.match(r"^[0-9.]", t)) or t.lower() in ("inf", "infinity")


def _linear(toks, m):
    """[(col, text)] and the constant, from the tokens of an expression."""
    terms, const, k, sign = [], Fraction(0), 0, 1
    coef = None
    while k < len(toks):
        t = toks[k]
        if t in "+-":
            sign = sign * (-1 if t == "-" else 1)
        elif _is_num(t):
            coef = t if coef is None else str(Fraction(coef) * Fraction(t))
        else:
            text = coef if coef is not None else "1"
            if sign < 0:
                text = text[1:] if text.startswith("-") else "-" + text
            m.touch(t)
            terms.append((t, text))
            sign, coef = 1, None
        k += 1
        if coef is not None and (k == len(toks) or toks[k] in "+-"):
            const += sign * Fraction(coef)
            sign, coef = 1, None
    return terms, const


def read_lp(text, name="m"):
    """The model of a CPLEX-LP text (the subset the generator and the corpus
    use: one statement per line, no ranged rows, no semi-continuous)."""
    m = Model(name)
    section = None
    rowno = 0
    for raw in text.splitlines():
        if raw.lstrip().startswith("\\"):
            c = raw.lstrip()[1:].strip()
            m.comments.append(c)
            continue
        line = raw.split("\\", 1)[0].strip()
        if not line:
            continue
        low = line.lower()
        head = low.split()[0]
        if head == "subject" or head == "such" or low in ("st", "s.t.", "st."):
            section = "st"
            continue
        if head in _SECTIONS and ":" not in line and len(low.split()) == 1:
            section = _SECTIONS[head]
            if section in ("min", "max"):
                m.sense = section
                section = "obj"
            if section == "end":
                break
            continue
        toks = _tokens(line)
        if section == "obj":
            if len(toks) >= 2 and toks[1] == ":":
                toks = toks[2:]
            terms, _ = _linear(toks, m)
            for c, v in terms:
                m.obj[c] = v
        elif section == "st":
            rowno += 1
            rname = "c%d" % rowno
            if len(toks) >= 2 and toks[1] == ":":
                rname, toks = toks[0], toks[2:]
            ops = [k for k, t in enumerate(toks) if t in ("<=", ">=", "=", "=<", "=>", "<", ">")]
            if len(ops) != 1:
                raise ValueError("row %s: want one relation" % rname)
            k = ops[0]
            op = {"=<": "<=", "<": "<=", "=>": ">=", ">": ">="}.get(toks[k], toks[k])
            lterms, lconst = _linear(toks[:k], m)
            rterms, rconst = _linear(toks[k + 1:], m)
            for c, v in rterms:
                lterms.append((c, v[1:] if v.startswith("-") else "-" + v))
            rhs = rconst - lconst
            m.rows.append([rname, lterms, op, _text(rhs, toks[k + 1:])])
        elif section == "bounds":
            _bound(toks, m)
        elif section in ("gen", "bin"):
            for t in toks:
                m.touch(t)
                m.ints.add(t)
                if section == "bin":
                    m.lo[t], m.up[t] = "0", "1"
    return m


def _text(value, toks):
    """The decimal spelling of a right side: the file's own when it is a
    single number, else an exact fraction's float spelling."""
    if len(toks) == 1 and _is_num(toks[0]):
        return toks[0]
    if len(toks) == 2 and toks[0] == "-" and _is_num(toks[1]):
        return "-" + toks[1]
    if value.denominator == 1:
        return str(value.numerator)
    return repr(float(value))


def _num(toks, k):
    """(text or None for infinite, next index) of a signed number."""
    sign = ""
    if toks[k] in "+-":
        sign = "-" if toks[k] == "-" else ""
        k += 1
    t = toks[k]
    if t.lower() in ("inf", "infinity"):
        return None, k + 1
    return sign + t, k + 1


def _bound(toks, m):
    low = [t.lower() for t in toks]
    if len(toks) == 2 and low[1] == "free":
        m.touch(toks[0])
        m.lo[toks[0]], m.up[toks[0]] = None, None
        return
    if _is_num(toks[0]) or toks[0] in "+-":
        v, k = _num(toks, 0)
        op, col = toks[k], toks[k + 1]
        m.touch(col)
        if op in ("<=", "=<", "<"):
            m.lo[col] = v
        elif op in (">=", "=>", ">"):
            m.up[col] = v
        else:
            m.lo[col] = m.up[col] = v
        k += 2
        if k < len(toks):
            v2, _ = _num(toks, k + 1)
            m.up[col] = v2
        return
    col, op = toks[0], toks[1]
    m.touch(col)
    v, _ = _num(toks, 2)
    if op in ("<=", "=<", "<"):
        m.up[col] = v
    elif op in (">=", "=>", ">"):
        m.lo[col] = v
    else:
        m.lo[col] = m.up[col] = v


def read_mps(text, name="m"):
    """The model of an MPS text as write_mps writes it: always a minimum
    (a maximum is written negated, and read back as that minimum)."""
    m = Model(name)
    section, rowkind, rowterms, rhs = None, {}, {}, {}
    objname, in_int = None, False
    for raw in text.splitlines():
        if raw.startswith("*"):
            c = raw[1:].strip()
            m.comments.append(c)
            continue
        f = raw.split()
        if not f:
            continue
        if not raw[0].isspace():
            section = f[0].upper()
            if section == "NAME" and len(f) > 1:
                m.name = f[1]
            continue
        if section == "ROWS":
            if f[0].upper() == "N":
                objname = objname or f[1]
            else:
                rowkind[f[1]] = {"L": "<=", "G": ">=", "E": "="}[f[0].upper()]
                rowterms[f[1]] = []
        elif section == "COLUMNS":
            if len(f) >= 3 and f[1] == "'MARKER'":
                in_int = f[2] == "'INTORG'"
                continue
            col = f[0]
            if col not in m.lo:
                m.add_col(col, "0", None, in_int)
            for k in range(1, len(f) - 1, 2):
                r, v = f[k], f[k + 1]
                if r == objname:
                    m.obj[col] = v
                else:
                    rowterms[r].append((col, v))
        elif section == "RHS":
            for k in range(1, len(f) - 1, 2):
                rhs[f[k]] = f[k + 1]
        elif section == "BOUNDS":
            kind, col = f[0].upper(), f[2]
            v = f[3] if len(f) > 3 else None
            if kind == "UP":
                m.up[col] = v
            elif kind == "LO":
                m.lo[col] = v
            elif kind == "FX":
                m.lo[col] = m.up[col] = v
            elif kind == "FR":
                m.lo[col] = m.up[col] = None
            elif kind == "MI":
                m.lo[col] = None
            elif kind == "PL":
                m.up[col] = None
            elif kind == "BV":
                m.lo[col], m.up[col] = "0", "1"
                m.ints.add(col)
    for r in rowkind:
        m.rows.append([r, rowterms[r], rowkind[r], rhs.get(r, "0")])
    return m


def read_file(path):
    with open(path) as f:
        text = f.read()
    base = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return read_mps(text, base) if path.endswith(".mps") else read_lp(text, base)


# ------------------------------------------------------------- evaluation

def objective(m, x):
    return sum((Fraction(v) * x.get(c, Fraction(0)) for c, v in m.obj.items()),
               Fraction(0))


def clamped(m, x):
    """x with each column moved onto its bounds (missing columns are 0)."""
    y = dict(x)
    for c in m.cols:
        v = y.get(c, Fraction(0))
        lo, up = fx(m.lo[c]), fx(m.up[c])
        if lo is not None and v < lo:
            v = lo
        if up is not None and v > up:
            v = up
        y[c] = v
    return y


def violations(m, x, round_ints=True, strict=False, rel=STRICT_REL, hidden=0, digits=0,
               exact_ints=False):
    """The list of what x breaks (empty: x verifies), as text. x: name ->
    Fraction, missing names are 0. Integer columns within INT_TOL of an
    integer are rounded first when round_ints. strict: the STRICT_REL
    tolerance (or rel) instead of the contract's, on the point moved onto
    its bounds. hidden: columns missing from x may be anywhere in
    [-hidden, hidden] (a solver that prints only values above it), which
    widens each row's tolerance by sum |a_j| hidden over them. digits:
    the values were printed with that many significant digits, which
    widens it by sum |a_j x_j| 10^(1-digits). exact_ints (with strict): a
    row of integer columns is held to the data's rounding alone (DATA_REL
    of its size), its terms being exact."""
    bad = []
    x_given = set(x)
    x = dict(x)
    for c in m.cols:
        v = x.get(c, Fraction(0))
        if c in m.ints:
            r = Fraction(round(v))
            if abs(v - r) > INT_TOL:
                bad.append("%s = %s is not integral" % (c, float(v)))
            if round_ints:
                v = r
        lo, up = fx(m.lo[c]), fx(m.up[c])
        if strict:
            # rows see the point moved onto its bounds: a bound broken by
            # 1e-9 in a column of coefficient 1e5 is a row broken by 1e-4
            v = max(v, lo) if lo is not None else v
            v = min(v, up) if up is not None else v
        x[c] = v
        if lo is not None and v < lo - VERIFY_TOL * max(1, abs(lo)):
            bad.append("%s = %s below its lower bound %s" % (c, float(v), m.lo[c]))
        if up is not None and v > up + VERIFY_TOL * max(1, abs(up)):
            bad.append("%s = %s above its upper bound %s" % (c, float(v), m.up[c]))
    for name, terms, op, rhs in m.rows:
        act = sum((Fraction(a) * x.get(c, Fraction(0)) for c, a in terms), Fraction(0))
        b = Fraction(rhs)
        cont = any(c not in m.ints for c, _ in terms)
        unseen = hidden * sum((abs(Fraction(a)) for c, a in terms if c not in x_given),
                              Fraction(0))
        if digits:
            unseen += sum((abs(Fraction(a) * x.get(c, 0)) for c, a in terms), Fraction(0)) \
                * Fraction(1, 10**(digits - 1))
        if strict:
            # a row of tiny coefficients only is held as scaled to a
            # largest of 1, as bnb refutes it (mip/contract.c):
            # 1e-7 x2 - 7e-8 x3 = 1.35e-6 missed by 3.6e-9 is 3% off
            size = max([Fraction(1), abs(b)] + [abs(Fraction(a) * x.get(c, 0)) for c, a in terms])
            amax = max([abs(Fraction(a)) for _, a in terms] + [Fraction(0)])
            tol = min(VERIFY_TOL, rel * size) * min(Fraction(1), amax) + DOUBLE_REL * size
            if not cont:
                # a row of integers: bnb's contract holds it to VERIFY_TOL
                # absolutely, its activity exact but for the data's own
                # rounding to doubles (seed 105022: a miss of 1.1e-4 in a
                # row of size 1.5e9 is no rounding, and bnb rejects it)
                tol = min(tol, (0 if exact_ints else VERIFY_TOL) + DATA_REL * size)
        else:
            tol = VERIFY_TOL * (max(1, abs(b)) if cont else 1)
        tol += unseen
        if op == "<=":
            viol = act - b
        elif op == ">=":
            viol = b - act
        else:
            viol = abs(act - b)
        if viol > tol:
            bad.append("row %s: activity %.17g %s %s violated by %.3g" %
                       (name, float(act), op, rhs, float(viol)))
    return bad
