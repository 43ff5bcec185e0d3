# The shares fs-explain says physics needs to overtake chem (72): one fewer
# is not enough.
for n in 71 72; do fs-tree --sample | fs-explain --shares physics=$n chem physics | sed -n 4p; done
