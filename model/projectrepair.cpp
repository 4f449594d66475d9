// SPDX-License-Identifier: Apache-2.0
#include "projectrepair.h"

#include "projectjson.h"
#include "strictjson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>

namespace aidc {

namespace {

using Json = nlohmann::json;

// Each pass takes out at least one value; a file has far fewer bad values than this.
constexpr int kMaxPasses = 200;

bool isIndex(const std::string &token)
{
    return !token.empty() && token.size() < 16 &&
           std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::size_t index(const std::string &token)
{
    return std::size_t(std::strtoull(token.c_str(), nullptr, 10));
}

std::vector<std::string> tokens(Json::json_pointer pointer)
{
    std::vector<std::string> out;
    for (; !pointer.empty(); pointer.pop_back())
        out.insert(out.begin(), pointer.back());
    return out;
}

bool inside(const std::string &inner, const std::string &outer)
{
    return inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0 &&
           inner[outer.size()] == '/';
}

bool overlaps(const std::string &a, const std::string &b)
{
    return a == b || inside(a, b) || inside(b, a);
}

// Pointers in the order they can be taken out without moving each other: deeper first, and
// later list entries before earlier ones (indices compared as numbers; an index sorts before a
// name, so mixed keys still give a strict weak order).
bool takeOutBefore(const Json::json_pointer &a, const Json::json_pointer &b)
{
    const std::string sa = a.to_string(), sb = b.to_string();
    if (inside(sa, sb))
        return true;
    if (inside(sb, sa))
        return false;
    const std::vector<std::string> ta = tokens(a), tb = tokens(b);
    for (std::size_t i = 0; i < std::min(ta.size(), tb.size()); ++i) {
        if (ta[i] == tb[i])
            continue;
        if (isIndex(ta[i]) != isIndex(tb[i]))
            return isIndex(ta[i]);
        if (isIndex(ta[i]))
            return index(ta[i]) > index(tb[i]);
        return ta[i] > tb[i];
    }
    return ta.size() > tb.size();
}

// The list entries taken out so far, by the list's pointer in the file and the entry's index
// in the file. A pass works on the document the passes before it left, whose list indices have
// moved: this maps its pointers back to the file, and the file's forward to the project.
class RemovalLog
{
public:
    void recordEntry(const std::string &fileList, std::size_t fileIndex)
    {
        std::vector<std::size_t> &removed = m_removed[fileList];
        removed.insert(std::upper_bound(removed.begin(), removed.end(), fileIndex), fileIndex);
    }

    // The file's pointer of `current`, a pointer into the document as it is now.
    Json::json_pointer toFile(const Json::json_pointer &current) const
    {
        Json::json_pointer file;
        for (const std::string &token : tokens(current)) {
            const auto list = m_removed.find(file.to_string());
            if (list != m_removed.end() && isIndex(token)) {
                std::size_t at = index(token);
                for (std::size_t removed : list->second)
                    at += removed <= at ? 1 : 0;
                file /= at;
            } else {
                file /= token;
            }
        }
        return file;
    }

    // Where the file's `pointer` is in the repaired project (RemovedValue::projectPointer).
    std::string toProject(const std::string &pointer) const
    {
        Json::json_pointer file, project;
        for (const std::string &token : tokens(Json::json_pointer(pointer))) {
            const auto list = m_removed.find(file.to_string());
            if (list != m_removed.end() && isIndex(token)) {
                const std::vector<std::size_t> &removed = list->second;
                const std::size_t at = index(token);
                if (std::binary_search(removed.begin(), removed.end(), at))
                    return project.to_string(); // the entry is gone: its list
                const auto before = std::lower_bound(removed.begin(), removed.end(), at);
                project /= at - std::size_t(before - removed.begin());
            } else {
                project /= token;
            }
            file /= token;
        }
        return project.to_string();
    }

private:
    std::map<std::string, std::vector<std::size_t>> m_removed; // sorted file indices
};

// Takes out the value at `pointer`, or (when it is missing: a required field) the nearest
// enclosing value that exists. False when that would be the whole project, or when it overlaps
// a value this pass took out already (the next pass sees what is left of it).
bool takeOut(Json &root, Json::json_pointer pointer, const std::string &problem,
             std::vector<RemovedValue> &removed, std::vector<std::string> &thisPass,
             RemovalLog &log)
{
    for (const std::string &done : thisPass) {
        if (overlaps(pointer.to_string(), done))
            return false;
    }
    while (!pointer.empty() && !root.contains(pointer))
        pointer = pointer.parent_pointer();
    if (pointer.empty())
        return false;
    for (const std::string &done : thisPass) {
        if (overlaps(pointer.to_string(), done))
            return false;
    }
    thisPass.push_back(pointer.to_string());
    const Json::json_pointer file = log.toFile(pointer);
    removed.push_back({file.to_string(), {}, root.at(pointer).dump(), problem});
    Json &parent = root.at(pointer.parent_pointer());
    if (parent.is_array()) {
        log.recordEntry(file.parent_pointer().to_string(), index(file.back()));
        parent.erase(index(pointer.back()));
    } else {
        parent.erase(pointer.back());
    }
    return true;
}

} // namespace

RepairedProject loadProjectRepairing(const std::string &path)
{
    Diagnostics read;
    const std::optional<std::string> text = readTextFile(path, "project", read);
    if (!text)
        throw LoadError(std::move(read));
    return repairProjectJson(*text, path);
}

RepairedProject repairProjectJson(std::string_view text, const std::string &path)
{
    std::optional<LoadError> original;
    try {
        return {parseProjectJson(text, path), {}};
    } catch (const LoadError &e) {
        original = e;
    }

    // The loader's own format checks: what they refuse (syntax, schema, version) is no value to
    // take out, and the error is the one the plain load gave.
    Diagnostics format;
    std::optional<Json> root = currentFormatProjectJson(text, path, format);
    if (!root || format.hasErrors())
        throw *original;

    std::vector<RemovedValue> removed;
    RemovalLog log;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        try {
            Project project = parseProjectJson(root->dump(), path);
            for (RemovedValue &value : removed)
                value.projectPointer = log.toProject(value.pointer);
            return {std::move(project), std::move(removed)};
        } catch (const LoadError &e) {
            // One entry per pointer (a value can break several rules: one removal, all reasons).
            std::vector<std::pair<Json::json_pointer, std::string>> faults;
            for (const Diagnostic &d : e.diagnostics().items()) {
                if (d.severity != Severity::Error)
                    continue;
                if (d.jsonPath.empty() || d.jsonPath == "/")
                    throw *original; // a problem of the whole file: nothing to take out
                const auto same = std::find_if(faults.begin(), faults.end(), [&](const auto &f) {
                    return f.first.to_string() == d.jsonPath;
                });
                if (same != faults.end()) {
                    same->second += "; " + d.message;
                    continue;
                }
                try {
                    faults.emplace_back(Json::json_pointer(d.jsonPath), d.message);
                } catch (const Json::exception &) {
                    throw *original;
                }
            }
            std::stable_sort(faults.begin(), faults.end(), [](const auto &a, const auto &b) {
                return takeOutBefore(a.first, b.first);
            });
            bool progress = false;
            std::vector<std::string> thisPass;
            for (const auto &[pointer, problem] : faults) {
                if (pointer.to_string() == "/schema" || pointer.to_string() == "/version")
                    throw *original;
                progress = takeOut(*root, pointer, problem, removed, thisPass, log) || progress;
            }
            if (!progress)
                throw *original;
        }
    }
    throw *original;
}

} // namespace aidc
