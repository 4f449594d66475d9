#include "cliargs.h"

namespace aidc::cli {

std::string ParsedArgs::value(const std::string &option, const std::string &fallback) const
{
    auto it = values.find(option);
    return it == values.end() || it->second.empty() ? fallback : it->second.back();
}

std::vector<std::string> ParsedArgs::all(const std::string &option) const
{
    auto it = values.find(option);
    return it == values.end() ? std::vector<std::string>{} : it->second;
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

} // namespace aidc::cli
