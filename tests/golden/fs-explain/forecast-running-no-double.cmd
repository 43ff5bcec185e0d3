# With --running, the tree's TRESRunMins is not charged as well: the same
# answer with bob's TRESRunMins set or not. Without --running it is charged
# (at once), and the answer moves.
fs-tree --sample | fs-explain --forecast astro/alice bob --running golden/forecast-running-jobs.txt | grep -A3 Answer
fs-tree --sample | sed 's/^\(astro\tbob\t.*\)cpu=0$/\1cpu=600,billing=1200/' | fs-explain --forecast astro/alice bob --running golden/forecast-running-jobs.txt | grep -A3 Answer
fs-tree --sample | sed 's/^\(astro\tbob\t.*\)cpu=0$/\1cpu=600,billing=1200/' | fs-explain --forecast astro/alice bob | grep -A3 Answer
