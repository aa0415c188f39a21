# bash completion for clusterforge-cli (installed as
# share/bash-completion/completions/clusterforge-cli). The words come from the
# CLI's own flag tables through the hidden `clusterforge-cli __complete WORD...`,
# so commands, flags and choices cannot drift from --help. A flag whose value is
# free (a path, an id, a number) gets file-name completion.
_clusterforge_cli()
{
    local cur=${COMP_WORDS[COMP_CWORD]}
    local words
    words=$("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null) || return
    if [[ -z $words && $COMP_CWORD -gt 1 ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
    # Design files are operands of most commands: offer them besides a flag list
    # (which __complete starts with --help), not besides a flag's choices.
    if [[ $cur != -* && $words == --help* ]]; then
        COMPREPLY+=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _clusterforge_cli clusterforge-cli
