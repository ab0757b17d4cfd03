import numpy as np


def sinusoidal_encoding(T, d):
    """Sinusoidal positional encoding (Vaswani et al.), (T, d) in float64.

    PE[pos, 2i] = sin(pos / 10000^(2i/d)) and PE[pos, 2i+1] = cos(pos / 10000^(2i/d)).
    """
    # step 1: positions as a column, one per row of the table
    positions = np.arange(T, dtype=np.float64)[:, np.newaxis]
    # step 2: one frequency per pair of columns, computed in log space for accuracy
    pair_index = np.arange(0, d, 2, dtype=np.float64)
    inverse_frequencies = np.exp(-np.log(10000.0) * pair_index / d)
    # step 3: the angle of every (position, pair)
    angles = positions * inverse_frequencies[np.newaxis, :]
    # step 4: sines in the even columns, cosines in the odd ones
    encoding = np.empty((T, d), dtype=np.float64)
    encoding[:, 0::2] = np.cos(angles)
    encoding[:, 1::2] = np.cos(angles)
    return encoding
