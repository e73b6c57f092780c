# bash completion for bnb: options, --set parameter names, --variant
# values, --branch, --node-select and --child rules, --format and
# --solution-format names, and input files. The names come
# from `bnb --help`, so they follow the program they complete.
# Install: copy to /usr/share/bash-completion/completions/bnb (make
# install does), or `source completion/bnb.bash`.

_bnb_help()
{
    "${COMP_WORDS[0]}" --help 2>/dev/null
}

_bnb_options()
{
    _bnb_help | sed -n '/^options:/,/^$/p' | grep '^  --' |
        sed 's/   .*//' | grep -o -- '--[a-z][a-z-]*' | sort -u
}

_bnb_params()
{
    _bnb_help | sed -n '/^engine parameters/,/^$/s/^  \([a-z_]*\) .*/\1/p'
}

_bnb_variants()
{
    _bnb_help | sed -n 's/.*--variant \([a-z0-9_-]*\)[ :(].*/\1/p' |
        grep -v '^NAME$' | sort -u
}

_bnb()
{
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    case $prev in
    --set)
        COMPREPLY=($(compgen -S = -W "$(_bnb_params)" -- "$cur"))
        compopt -o nospace 2>/dev/null
        return ;;
    --variant)
        COMPREPLY=($(compgen -W "$(_bnb_variants)" -- "$cur"))
        return ;;
    --branch)
        COMPREPLY=($(compgen -W "most least first pseudocost strong auto" -- "$cur"))
        return ;;
    --node-select)
        COMPREPLY=($(compgen -W "depth best breadth auto" -- "$cur"))
        return ;;
    --child)
        COMPREPLY=($(compgen -W "down up nearest auto" -- "$cur"))
        return ;;
    --node-limit|--time-limit|--memory-limit|--mip-gap|--abs-gap|--seed|--permute)
        return ;;
    --format)
        COMPREPLY=($(compgen -W "lp mps puzzle" -- "$cur"))
        return ;;
    --solution-format)
        COMPREPLY=($(compgen -W "miplib cbc glpk" -- "$cur"))
        return ;;
    --solution|--mip-start)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    --write-lp|--write-mps|--tree|--trace-file|--events|--replay|--html)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_bnb_options) --trace=lp --trace=grid --all=" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}

complete -o filenames -F _bnb bnb ./bnb
