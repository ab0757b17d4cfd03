import numpy as np


def alibi_bias(n_heads, T):
    # Sheet "slopes": column A = head number 1..n, column B = 2^(-8*A/n)
    col_A = np.arange(1, n_heads + 1, dtype=np.float64)
    col_B = np.power(2.0, -8.0 * col_A / T)
    # Sheet "distance": row header i (query), column header j (key), cell = ABS(i - j)
    row_hdr = np.arange(T, dtype=np.float64).reshape(T, 1)
    col_hdr = np.arange(T, dtype=np.float64).reshape(1, T)
    dist_sheet = np.abs(row_hdr - col_hdr)
    # one sheet per head: = -$B{h} * distance!A1
    book = np.empty((n_heads, T, T), dtype=np.float64)
    for h in range(n_heads):
        book[h] = -col_B[h - 1] * dist_sheet
    return book
