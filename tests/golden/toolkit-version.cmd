for p in fs-tree fs-rank fs-decay fs-explain fs-prio fs-report; do "$p" --version | sed 's/built against [0-9][0-9]\.[0-9][0-9]\.[0-9]*$/built against RELEASE/'; done; fs-rank -V | head -1
