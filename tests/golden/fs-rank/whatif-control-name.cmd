fs-rank --shares "$(printf 'A\001\033[31m/u1=5')" <hostile/ok-names-control-chars | grep '^#whatif'
