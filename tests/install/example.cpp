// example.cpp -- the installed bnb library from C++: the headers compile
// as C++ and their names link unmangled.
#include <bnb.h>
#include <cstdio>
#include <vector>

int main()
{
    bnb_model *m = bnb_model_new("teach");
    std::vector<int> cols = {bnb_add_col(m, "x1", 0, BNB_INF, 5, 1),
                             bnb_add_col(m, "x2", 0, BNB_INF, 8, 1)};
    const double c1[] = {1, 1}, c2[] = {5, 9};
    bnb_add_row(m, "c1", 2, cols.data(), c1, -BNB_INF, 6);
    bnb_add_row(m, "c2", 2, cols.data(), c2, -BNB_INF, 45);
    bnb_set_sense(m, BNB_MAXIMIZE);
    bnb_result r;
    if (bnb_solve(m, nullptr, nullptr, nullptr, &r) != BNB_OK)
        return 1;
    std::printf("teach: %s, objective %g\n", bnb_status_name(r.status), r.objective);
    bnb_result_free(&r);
    bnb_model_free(m);
    return 0;
}
