// SPDX-License-Identifier: Apache-2.0
#include "projectrepair.h"

#include "projectjson.h"
#include "projectupgrade.h"
#include "strictjson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

namespace aidc {

namespace {

using Json = nlohmann::json;

// Each pass takes out at least one value; a file has far fewer bad values than this.
constexpr int kMaxPasses = 200;

bool isIndex(const std::string &token)
{
    return !token.empty() &&
           std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Pointers in the order they can be taken out without moving each other: deeper first, and
// later list entries before earlier ones (indices compared as numbers).
bool takeOutBefore(const Json::json_pointer &a, const Json::json_pointer &b)
{
    const std::string sa = a.to_string(), sb = b.to_string();
    if (sb.size() < sa.size() && sa.compare(0, sb.size(), sb) == 0 && sa[sb.size()] == '/')
        return true; // a lies inside b
    if (sa.size() < sb.size() && sb.compare(0, sa.size(), sa) == 0 && sb[sa.size()] == '/')
        return false;
    Json::json_pointer pa = a, pb = b;
    std::vector<std::string> ta, tb;
    for (; !pa.empty(); pa.pop_back())
        ta.insert(ta.begin(), pa.back());
    for (; !pb.empty(); pb.pop_back())
        tb.insert(tb.begin(), pb.back());
    for (std::size_t i = 0; i < std::min(ta.size(), tb.size()); ++i) {
        if (ta[i] == tb[i])
            continue;
        if (isIndex(ta[i]) && isIndex(tb[i]))
            return std::strtoull(ta[i].c_str(), nullptr, 10) >
                   std::strtoull(tb[i].c_str(), nullptr, 10);
        return ta[i] > tb[i];
    }
    return ta.size() > tb.size();
}

bool overlaps(const std::string &a, const std::string &b)
{
    const auto inside = [](const std::string &inner, const std::string &outer) {
        return inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0 &&
               inner[outer.size()] == '/';
    };
    return a == b || inside(a, b) || inside(b, a);
}

// Takes out the value at `pointer`, or (when it is missing: a required field) the nearest
// enclosing value that exists. False when that would be the whole project, or when it overlaps
// a value this pass took out already (the next pass sees what is left of it).
bool takeOut(Json &root, Json::json_pointer pointer, const std::string &problem,
             std::vector<RemovedValue> &removed, std::vector<std::string> &thisPass)
{
    const std::string named = pointer.to_string();
    for (const std::string &done : thisPass) {
        if (overlaps(named, done))
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
    const std::string key = pointer.back();
    Json &parent = root.at(pointer.parent_pointer());
    removed.push_back({pointer.to_string(), root.at(pointer).dump(), problem});
    if (parent.is_array())
        parent.erase(std::size_t(std::strtoull(key.c_str(), nullptr, 10)));
    else
        parent.erase(key);
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

    Diagnostics syntax;
    std::optional<Json> root = parseStrictJson(text, path, syntax);
    if (!root || syntax.hasErrors() || !root->is_object() || !root->contains("version") ||
        !(*root)["version"].is_number_integer())
        throw *original;
    const int version = (*root)["version"].get<int>();
    if (version < 0 || version > kProjectFormatVersion)
        throw *original;
    if (version < kProjectFormatVersion) {
        upgradeProject(*root, version);
        (*root)["version"] = kProjectFormatVersion;
    }

    std::vector<RemovedValue> removed;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        try {
            return {parseProjectJson(root->dump(), path), std::move(removed)};
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
                progress = takeOut(*root, pointer, problem, removed, thisPass) || progress;
            }
            if (!progress)
                throw *original;
        }
    }
    throw *original;
}

} // namespace aidc
