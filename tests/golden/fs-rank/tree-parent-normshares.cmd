fs-tree --sample | fs-rank --tree | sed -n '2p;22,$p'
fs-tree --sample | fs-rank -l | grep -E 'theory|frank'
