# A second root whose own row is bad too: the second root is reported (it comes first in the row), with the name from its row
fs-rank
