// SPDX-License-Identifier: Apache-2.0
#include "cliargs.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <stdexcept>

namespace aidc::cli {

std::string ParsedArgs::value(const std::string &option, const std::string &fallback) const
{
    auto it = values.find(option);
    return it == values.end() || it->second.empty() ? fallback : it->second.back();
}

const OptionSpec &catalogOption()
{
    static const OptionSpec option{
        "--catalog", true, "DIR",
        "part catalog directory, the whole catalog: no overlay is read (default: "
        "$AIDC_CATALOG_DIR, else the installed catalog, or the source tree's, with the site's "
        "and the user's overlays)"};
    return option;
}

const std::vector<std::pair<std::string, std::string>> &catalogEnvironment()
{
    static const std::vector<std::pair<std::string, std::string>> variables{
        {"AIDC_CATALOG_DIR",
         "catalog directory to use instead of the installed one; no overlay is read then"},
        {"XDG_DATA_HOME",
         "the user's catalog overlays are read from $XDG_DATA_HOME/aidc-planner/catalogs "
         "(default ~/.local/share/aidc-planner/catalogs), after the site's in "
         "/etc/aidc-planner/catalogs.d"}};
    return variables;
}

std::optional<std::string> ParsedArgs::given(const std::string &option) const
{
    if (!has(option))
        return std::nullopt;
    return value(option);
}

std::vector<std::string> ParsedArgs::all(const std::string &option) const
{
    auto it = values.find(option);
    return it == values.end() ? std::vector<std::string>{} : it->second;
}

std::optional<long long> wholeNumber(const ParsedArgs &args, const std::string &option,
                                     long long low, long long high, std::string &error)
{
    const std::string text = args.value(option);
    try {
        std::size_t used = 0;
        const long long value = std::stoll(text, &used);
        if (used == text.size() && value >= low && value <= high)
            return value;
    } catch (const std::exception &) {
    }
    error = option + " needs a whole number from " + std::to_string(low) + " to " +
            std::to_string(high) + ", got '" + text + "'";
    return std::nullopt;
}

std::optional<std::uint64_t> seedNumber(const ParsedArgs &args, const std::string &option,
                                        std::string &error)
{
    const std::string text = args.value(option);
    char *end = nullptr;
    errno = 0;
    const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || text.front() == '-' || *end != '\0' || errno == ERANGE) {
        error = option + " needs a whole number from 0 to 18446744073709551615, got '" + text + "'";
        return std::nullopt;
    }
    return std::uint64_t(value);
}

std::optional<ParsedArgs> parseArgs(const std::vector<CommandSpec> &commands,
                                    const std::vector<std::string> &args, std::string &error)
{
    ParsedArgs parsed;
    if (args.empty()) {
        error = "no command given";
        return std::nullopt;
    }
    const CommandSpec *spec = nullptr;
    for (const CommandSpec &command : commands) {
        if (command.name == args[0])
            spec = &command;
    }
    if (!spec) {
        error = "unknown command '" + args[0] + "'";
        return std::nullopt;
    }
    parsed.command = spec->name;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string arg = args[i];
        if (arg == "--help" || arg == "-h") {
            parsed.help = true;
            return parsed;
        }
        if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
            std::string inlineValue;
            bool hasInline = false;
            if (const auto eq = arg.find('='); eq != std::string::npos) {
                inlineValue = arg.substr(eq + 1);
                arg = arg.substr(0, eq);
                hasInline = true;
            }
            const OptionSpec *option = nullptr;
            for (const OptionSpec &o : spec->options) {
                if (o.name == arg)
                    option = &o;
            }
            if (!option) {
                error = "unknown option '" + arg + "' for '" + spec->name + "'";
                return std::nullopt;
            }
            if (!option->repeatable && parsed.has(arg)) {
                error = "option '" + arg + "' given twice";
                return std::nullopt;
            }
            if (option->takesValue) {
                if (!hasInline) {
                    if (i + 1 >= args.size()) {
                        error = "option '" + arg + "' needs a value (" + option->valueName + ")";
                        return std::nullopt;
                    }
                    inlineValue = args[++i];
                }
                parsed.values[arg].push_back(inlineValue);
            } else {
                if (hasInline) {
                    error = "option '" + arg + "' takes no value";
                    return std::nullopt;
                }
                parsed.values[arg].push_back("");
            }
            continue;
        }
        parsed.positional.push_back(arg);
    }
    const int count = int(parsed.positional.size());
    if (count < spec->minPositional) {
        error = "'" + spec->name + "' needs " + spec->synopsis.substr(spec->name.size() + 1);
        return std::nullopt;
    }
    if (spec->maxPositional >= 0 && count > spec->maxPositional) {
        error = "too many arguments for '" + spec->name + "'";
        return std::nullopt;
    }
    return parsed;
}

std::string commandHelp(const CommandSpec &command)
{
    std::string text = "usage: aidc " + command.synopsis + "\n\n" + command.summary + "\n";
    if (!command.details.empty())
        text += "\n" + command.details + "\n";
    if (!command.options.empty()) {
        text += "\noptions:\n";
        for (const OptionSpec &o : command.options) {
            std::string left = "  " + o.name + (o.takesValue ? " " + o.valueName : "");
            if (left.size() < 28)
                left.resize(28, ' ');
            else
                left += "\n" + std::string(28, ' ');
            text += left + o.help + "\n";
        }
    }
    text += "  --help                    show this help\n";
    return text;
}

const std::vector<std::pair<int, std::string>> &exitCodeDescriptions()
{
    static const std::vector<std::pair<int, std::string>> codes{
        {ExitOk, "success"},
        {ExitViolations,
         "--strict was given and the evaluation reported unacknowledged warnings or violations, "
         "or a batch/sweep item failed to load or has errors, or validate-model "
         "found the error above the given limit, or optimize found no feasible candidate, or "
         "catalog which found no such part"},
        {ExitUsage, "usage error (unknown command or option, missing argument)"},
        {ExitInput, "input error: a project or catalog failed to load or validate, or the "
                    "evaluation found an error in the design (the report lists it)"},
        {ExitOutput, "output error: an output file could not be written"},
        {ExitInternal, "internal error"},
        {ExitInterrupted, "batch or sweep interrupted by SIGTERM or SIGINT: the items done are "
                          "written and committed; rerun with --resume to finish the run"},
    };
    return codes;
}

namespace {

// roff text: a leading dot or quote would start a request; backslashes and hyphens escaped.
std::string roff(const std::string &text)
{
    std::string out;
    bool lineStart = true;
    for (char c : text) {
        if (lineStart && (c == '.' || c == '\''))
            out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        lineStart = c == '\n';
    }
    return out;
}

std::string upper(std::string text)
{
    for (char &c : text)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

std::string optionWords(const CommandSpec &command)
{
    std::string words;
    for (const OptionSpec &o : command.options)
        words += (words.empty() ? "" : " ") + o.name;
    return words + (words.empty() ? "" : " ") + "--help";
}

} // namespace

std::string manPage(const std::string &program, const std::string &description,
                    const std::vector<CommandSpec> &commands,
                    const std::vector<std::pair<std::string, std::string>> &environment)
{
    std::string out = ".TH " + upper(program) + " 1 \"\" \"AIDC Planner\" \"User Commands\"\n";
    out += ".SH NAME\n" + roff(program) + " \\- " + roff(description) + "\n";
    out += ".SH SYNOPSIS\n.B " + roff(program) + "\n.I command\n[options] [arguments]\n";
    out += ".SH DESCRIPTION\n" + roff(description) + ". Run \n.B " + roff(program) +
           " command \\-\\-help\nfor a command's options.\n";
    out += ".SH COMMANDS\n";
    for (const CommandSpec &command : commands) {
        out += ".SS " + roff(command.synopsis) + "\n" + roff(command.summary) + "\n";
        if (!command.details.empty())
            out += ".PP\n" + roff(command.details) + "\n";
        for (const OptionSpec &o : command.options) {
            out += ".TP\n.B " + roff(o.name) +
                   (o.takesValue ? " \\fI" + roff(o.valueName) + "\\fR" : "") + "\n" +
                   roff(o.help) + (o.repeatable ? " (repeatable)" : "") + "\n";
        }
    }
    out += ".SH EXIT STATUS\n";
    for (const auto &[code, meaning] : exitCodeDescriptions())
        out += ".TP\n.B " + std::to_string(code) + "\n" + roff(meaning) + "\n";
    if (!environment.empty()) {
        out += ".SH ENVIRONMENT\n";
        for (const auto &[name, meaning] : environment)
            out += ".TP\n.B " + roff(name) + "\n" + roff(meaning) + "\n";
    }
    out += ".SH SEE ALSO\nThe documentation in /usr/share/doc/aidc\\-planner/docs (cli.md, "
           "project\\-format.md, batch.md, catalog\\-format.md).\n";
    return out;
}

std::string manPage(const ProgramManual &m)
{
    std::string out = ".TH " + upper(m.program) + " 1 \"\" \"AIDC Planner\" \"User Commands\"\n";
    out += ".SH NAME\n" + roff(m.program) + " \\- " + roff(m.summary) + "\n";
    out += ".SH SYNOPSIS\n.B " + roff(m.program) + "\n" + roff(m.synopsis) + "\n";
    out += ".SH DESCRIPTION\n" + roff(m.description) + "\n";
    out += ".SH OPTIONS\n";
    for (const OptionSpec &o : m.options)
        out += ".TP\n.B " + roff(o.name) +
               (o.takesValue ? " \\fI" + roff(o.valueName) + "\\fR" : "") + "\n" + roff(o.help) +
               "\n";
    out += ".SH EXIT STATUS\n";
    for (const auto &[code, meaning] : m.exitCodes)
        out += ".TP\n.B " + std::to_string(code) + "\n" + roff(meaning) + "\n";
    if (!m.environment.empty()) {
        out += ".SH ENVIRONMENT\n";
        for (const auto &[name, meaning] : m.environment)
            out += ".TP\n.B " + roff(name) + "\n" + roff(meaning) + "\n";
    }
    if (!m.seeAlso.empty())
        out += ".SH SEE ALSO\n" + roff(m.seeAlso) + "\n";
    return out;
}

std::string completionScript(const std::string &shell, const std::string &program,
                             const std::vector<CommandSpec> &commands)
{
    std::string names;
    for (const CommandSpec &command : commands)
        names += (names.empty() ? "" : " ") + command.name;
    std::string fn = "_" + program;
    for (char &c : fn)
        if (c == '-')
            c = '_';
    if (shell == "bash") {
        std::string out = "# bash completion for " + program + " (generated by " + program +
                          " --completion bash)\n" + fn + "()\n{\n";
        out += "    local cur=\"${COMP_WORDS[COMP_CWORD]}\"\n";
        out += "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n";
        out += "        COMPREPLY=($(compgen -W \"" + names + " --help --version\" -- \"$cur\"))\n";
        out += "        return\n    fi\n    case \"${COMP_WORDS[1]}\" in\n";
        for (const CommandSpec &command : commands)
            out += "    " + command.name + ") opts=\"" + optionWords(command) + "\" ;;\n";
        out += "    *) opts=\"\" ;;\n    esac\n";
        out += "    if [[ \"$cur\" == -* ]]; then\n";
        out += "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n";
        out += "    else\n        COMPREPLY=($(compgen -f -- \"$cur\"))\n    fi\n}\n";
        out += "complete -o filenames -F " + fn + " " + program + "\n";
        return out;
    }
    if (shell == "zsh") {
        std::string out = "#compdef " + program + "\n# zsh completion for " + program +
                          " (generated by " + program + " --completion zsh)\n" + fn +
                          "() {\n    if (( CURRENT == 2 )); then\n        compadd -- " + names +
                          "\n        return\n    fi\n    case $words[2] in\n";
        for (const CommandSpec &command : commands)
            out += "    " + command.name + ") compadd -- " + optionWords(command) + "; _files ;;\n";
        out += "    *) _files ;;\n    esac\n}\n" + fn + " \"$@\"\n";
        return out;
    }
    if (shell == "fish") {
        std::string out = "# fish completion for " + program + " (generated by " + program +
                          " --completion fish)\n";
        for (const CommandSpec &command : commands) {
            out += "complete -c " + program + " -n __fish_use_subcommand -a " + command.name +
                   " -d '" + command.summary.substr(0, command.summary.find('\'')) + "'\n";
            for (const OptionSpec &o : command.options)
                out += "complete -c " + program + " -n '__fish_seen_subcommand_from " +
                       command.name + "' -l " + o.name.substr(2) + (o.takesValue ? " -r" : "") +
                       "\n";
        }
        return out;
    }
    return "";
}

} // namespace aidc::cli
