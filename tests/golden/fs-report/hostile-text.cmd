fs-tree --sample | sed 's/guests/<b>\&\x1b[31m/g' | fs-report | grep -F '<b>'
