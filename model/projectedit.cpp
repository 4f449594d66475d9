// SPDX-License-Identifier: Apache-2.0
#include "projectedit.h"

#include "jsonreader.h"
#include "projectfields.h"
#include "projectjson.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <stdexcept>

namespace aidc {

namespace {

using Json = nlohmann::json;

// An operation could not be applied to the document (a bad pointer, not a bad value).
struct PointerError
{
    std::string pointer;
    std::string message;
};

std::vector<std::string> splitPointer(const std::string &pointer)
{
    std::vector<std::string> tokens;
    if (pointer.empty())
        return tokens;
    if (pointer.front() != '/')
        throw PointerError{pointer, "a JSON pointer must start with '/'"};
    std::string token;
    for (std::size_t i = 1; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            tokens.push_back(token);
            token.clear();
        } else if (pointer[i] == '~' && i + 1 < pointer.size() &&
                   (pointer[i + 1] == '0' || pointer[i + 1] == '1')) {
            token += pointer[i + 1] == '0' ? '~' : '/';
            ++i;
        } else {
            token += pointer[i];
        }
    }
    return tokens;
}

std::string joinPointer(const std::vector<std::string> &tokens, std::size_t count)
{
    std::string pointer;
    for (std::size_t i = 0; i < count && i < tokens.size(); ++i)
        pointer = jsonPointerAppend(pointer, tokens[i]);
    return pointer;
}

// Array index of `token` in an array of `size` elements; `allowEnd` accepts size and "-".
std::size_t arrayIndex(const std::string &token, std::size_t size, bool allowEnd,
                       const std::string &pointer)
{
    if (token == "-" && allowEnd)
        return size;
    if (token.empty() ||
        !std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        (token.size() > 1 && token[0] == '0'))
        throw PointerError{pointer, "'" + token + "' is not an array index"};
    std::size_t index = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), index);
    (void)end;
    // Digits beyond std::size_t are past the end of any list (found by fuzz_edit).
    if (ec == std::errc::result_out_of_range || index > size || (index == size && !allowEnd))
        throw PointerError{pointer, "index " + token + " is past the end of the list (" +
                                        std::to_string(size) + " entries)"};
    return index;
}

struct Parent
{
    Json *container = nullptr;
    std::size_t firstCreated = std::string::npos; // token index of the first object created
};

// The container holding the pointer's last token. With `create`, missing object members on the
// way are created (as objects, or the last one as `leafKind` when given).
Parent findParent(Json &doc, const std::vector<std::string> &tokens, bool create,
                  Json::value_t leafKind = Json::value_t::object)
{
    Parent parent;
    Json *node = &doc;
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
        const std::string &token = tokens[i];
        if (node->is_object()) {
            auto it = node->find(token);
            if (it == node->end()) {
                if (!create)
                    return {};
                if (parent.firstCreated == std::string::npos)
                    parent.firstCreated = i;
                (*node)[token] = i + 2 == tokens.size() ? Json(leafKind) : Json::object();
                it = node->find(token);
            }
            node = &*it;
        } else if (node->is_array()) {
            node = &(*node)[arrayIndex(token, node->size(), false, joinPointer(tokens, i + 1))];
        } else {
            throw PointerError{joinPointer(tokens, i + 1),
                               "is " + jsonTypeName(*node) + ", not an object or a list"};
        }
    }
    parent.container = node;
    return parent;
}

EditOperation makeOp(EditOperation::Kind kind, std::string pointer, Json value = {},
                     std::string from = {})
{
    EditOperation op;
    op.kind = kind;
    op.pointer = std::move(pointer);
    op.value = std::move(value);
    op.from = std::move(from);
    return op;
}

// Each apply* changes `doc` and returns the operation that undoes it.
EditOperation applySet(Json &doc, const EditOperation &op)
{
    const std::vector<std::string> tokens = splitPointer(op.pointer);
    if (tokens.empty()) {
        Json old = doc;
        doc = op.value;
        return makeOp(EditOperation::Kind::Set, "", std::move(old));
    }
    const Parent parent = findParent(doc, tokens, true);
    Json &container = *parent.container;
    const std::string &last = tokens.back();
    if (container.is_object()) {
        auto it = container.find(last);
        const bool existed = it != container.end();
        Json old = existed ? *it : Json();
        container[last] = op.value;
        if (parent.firstCreated != std::string::npos)
            return makeOp(EditOperation::Kind::Remove,
                          joinPointer(tokens, parent.firstCreated + 1));
        if (!existed)
            return makeOp(EditOperation::Kind::Remove, op.pointer);
        return makeOp(EditOperation::Kind::Set, op.pointer, std::move(old));
    }
    if (container.is_array()) {
        const std::size_t index = arrayIndex(last, container.size(), true, op.pointer);
        const std::string at = joinPointer(tokens, tokens.size() - 1) + '/' + std::to_string(index);
        if (index == container.size()) {
            container.push_back(op.value);
            return makeOp(EditOperation::Kind::Remove, at);
        }
        Json old = container[index];
        container[index] = op.value;
        return makeOp(EditOperation::Kind::Set, at, std::move(old));
    }
    throw PointerError{joinPointer(tokens, tokens.size() - 1),
                       "is " + jsonTypeName(container) + ", not an object or a list"};
}

// Inserts into the array the pointer names the slot of (creating a missing array). Returns the
// pointer of the inserted element.
std::string insertAt(Json &doc, const std::string &pointer, Json value)
{
    const std::vector<std::string> tokens = splitPointer(pointer);
    if (tokens.empty())
        throw PointerError{pointer, "cannot insert at the document root"};
    const Parent parent = findParent(doc, tokens, true, Json::value_t::array);
    Json &container = *parent.container;
    if (container.is_object()) {
        container[tokens.back()] = std::move(value);
        return pointer;
    }
    if (!container.is_array())
        throw PointerError{joinPointer(tokens, tokens.size() - 1),
                           "is " + jsonTypeName(container) + ", not a list"};
    const std::size_t index = arrayIndex(tokens.back(), container.size(), true, pointer);
    container.insert(container.begin() + std::ptrdiff_t(index), std::move(value));
    return joinPointer(tokens, tokens.size() - 1) + '/' + std::to_string(index);
}

// Takes the value out; nullopt when an object member (or its parent) is absent already.
std::optional<Json> takeOut(Json &doc, const std::string &pointer, bool *wasArrayElement)
{
    const std::vector<std::string> tokens = splitPointer(pointer);
    if (tokens.empty())
        throw PointerError{pointer, "cannot remove the document root"};
    const Parent parent = findParent(doc, tokens, false);
    if (!parent.container)
        return std::nullopt;
    Json &container = *parent.container;
    if (container.is_object()) {
        *wasArrayElement = false;
        auto it = container.find(tokens.back());
        if (it == container.end())
            return std::nullopt;
        Json old = std::move(*it);
        container.erase(it);
        return old;
    }
    if (container.is_array()) {
        *wasArrayElement = true;
        const std::size_t index = arrayIndex(tokens.back(), container.size(), false, pointer);
        Json old = std::move(container[index]);
        container.erase(container.begin() + std::ptrdiff_t(index));
        return old;
    }
    throw PointerError{joinPointer(tokens, tokens.size() - 1),
                       "is " + jsonTypeName(container) + ", not an object or a list"};
}

std::optional<EditOperation> applyOne(Json &doc, const EditOperation &op)
{
    switch (op.kind) {
    case EditOperation::Kind::Set:
        return applySet(doc, op);
    case EditOperation::Kind::Insert:
        return makeOp(EditOperation::Kind::Remove, insertAt(doc, op.pointer, op.value));
    case EditOperation::Kind::Remove: {
        bool arrayElement = false;
        std::optional<Json> old = takeOut(doc, op.pointer, &arrayElement);
        if (!old)
            return std::nullopt; // already absent: nothing to undo
        return makeOp(arrayElement ? EditOperation::Kind::Insert : EditOperation::Kind::Set,
                      op.pointer, std::move(*old));
    }
    case EditOperation::Kind::Move: {
        bool arrayElement = false;
        std::optional<Json> value = takeOut(doc, op.from, &arrayElement);
        if (!value)
            throw PointerError{op.from, "nothing to move: no such member"};
        const std::string to = insertAt(doc, op.pointer, std::move(*value));
        return makeOp(EditOperation::Kind::Move, op.from, {}, to);
    }
    }
    return std::nullopt;
}

} // namespace

nlohmann::json projectDocument(const Project &project)
{
    Json doc = Json::parse(projectToJson(project));
    if (doc.contains("compute") && doc["compute"].contains("pools")) {
        Json &pools = doc["compute"]["pools"];
        for (std::size_t i = 0; i < pools.size() && i < project.pools.size(); ++i)
            pools[i]["name"] = project.pools[i].name;
    }
    if (doc.contains("network") && doc["network"].contains("planes")) {
        Json &planes = doc["network"]["planes"];
        for (std::size_t i = 0; i < planes.size() && i < project.planes.size(); ++i)
            planes[i]["name"] = project.planes[i].name;
    }
    return doc;
}

namespace {

// Adds to `stages` the stages of every member that differs between `a` and `b` at `path`.
// Patterns repeat (every rack of a pinned hall), so their stages are looked up once.
void addChangedStages(const Json &a, const Json &b, const std::string &path,
                      std::map<std::string, unsigned> &byPattern, unsigned &stages)
{
    if (stages == stage::All || a == b)
        return;
    auto here = [&](const std::string &pointer) {
        const std::string pattern = projectFieldPattern(pointer);
        auto it = byPattern.find(pattern);
        if (it == byPattern.end())
            it = byPattern.emplace(pattern, fieldStages(pointer)).first;
        stages |= it->second;
    };
    if (a.is_object() && b.is_object()) {
        for (const auto &[key, value] : a.items()) {
            const std::string member = jsonPointerAppend(path, key);
            if (const auto other = b.find(key); other != b.end())
                addChangedStages(value, *other, member, byPattern, stages);
            else
                here(member);
        }
        for (const auto &[key, value] : b.items()) {
            if (!a.contains(key))
                here(jsonPointerAppend(path, key));
        }
    } else if (a.is_array() && b.is_array() && a.size() == b.size()) {
        for (std::size_t i = 0; i < a.size(); ++i)
            addChangedStages(a[i], b[i], jsonPointerAppend(path, i), byPattern, stages);
    } else {
        // A value replaced, or an array that grew or shrank (its elements shift): all of it.
        here(path);
    }
}

} // namespace

unsigned changedStages(const Project &before, const Project &after)
{
    std::map<std::string, unsigned> byPattern;
    unsigned stages = 0;
    addChangedStages(projectDocument(before), projectDocument(after), "", byPattern, stages);
    return stages;
}

std::optional<nlohmann::json> documentValue(const Project &project, const std::string &pointer)
{
    const Json doc = projectDocument(project);
    try {
        const Json::json_pointer p(pointer);
        if (doc.contains(p))
            return doc.at(p);
    } catch (const Json::exception &) {
    }
    return std::nullopt;
}

EditOutcome applyEdit(Project &project, const ProjectEdit &edit)
{
    EditOutcome outcome;
    Json doc = projectDocument(project);
    std::vector<EditOperation> inverse;
    try {
        for (const EditOperation &op : edit.operations) {
            if (std::optional<EditOperation> undo = applyOne(doc, op))
                inverse.push_back(std::move(*undo));
        }
    } catch (const PointerError &e) {
        outcome.diagnostics.error("", e.pointer, e.message);
        return outcome;
    }
    try {
        Project edited = parseProjectJson(doc.dump(), "");
        project = std::move(edited);
    } catch (const LoadError &e) {
        outcome.diagnostics = e.diagnostics();
        return outcome;
    }
    std::reverse(inverse.begin(), inverse.end());
    outcome.ok = true;
    outcome.inverse.description = edit.description;
    outcome.inverse.operations = std::move(inverse);
    return outcome;
}

// The serializer writes whole projects: a part's form is its place in a project holding only it.
nlohmann::json partDocument(const Hall &hall)
{
    Project holder;
    holder.halls = {hall};
    return projectDocument(holder)["halls"][0];
}

nlohmann::json partDocument(const RackSlot &rack)
{
    Project holder;
    holder.halls.resize(1);
    holder.halls[0].rows.resize(1);
    holder.halls[0].rows[0].racks = {rack};
    return projectDocument(holder)["halls"][0]["rows"][0]["racks"][0];
}

nlohmann::json partDocument(const ComputePool &pool)
{
    Project holder;
    holder.pools = {pool};
    return projectDocument(holder)["compute"]["pools"][0];
}

nlohmann::json partDocument(const FabricPlane &plane)
{
    Project holder;
    holder.planes = {plane};
    return projectDocument(holder)["network"]["planes"][0];
}

nlohmann::json partDocument(const ModelArchitecture &model)
{
    Project holder;
    holder.workload = Workload();
    holder.workload->model = model;
    return projectDocument(holder)["workload"]["model"];
}

// ------------------------------------------------------------------ edit builders

ProjectEdit setField(const std::string &pointer, nlohmann::json value, std::string description)
{
    return {std::move(description), {makeOp(EditOperation::Kind::Set, pointer, std::move(value))}};
}

ProjectEdit unsetField(const std::string &pointer, std::string description)
{
    return {std::move(description), {makeOp(EditOperation::Kind::Remove, pointer)}};
}

std::string hallPointer(int hall)
{
    return "/halls/" + std::to_string(hall);
}

std::string rowPointer(int hall, int row)
{
    return hallPointer(hall) + "/rows/" + std::to_string(row);
}

std::string rackPointer(int hall, int row, int slot)
{
    return rowPointer(hall, row) + "/racks/" + std::to_string(slot);
}

ProjectEdit insertRow(int hall, int row, const std::string &id, double xM, double yM)
{
    return {"Insert row " + id,
            {makeOp(EditOperation::Kind::Insert, rowPointer(hall, row),
                    Json{{"id", id}, {"xM", xM}, {"yM", yM}})}};
}

ProjectEdit deleteRow(int hall, int row)
{
    return {"Delete row", {makeOp(EditOperation::Kind::Remove, rowPointer(hall, row))}};
}

ProjectEdit insertRack(int hall, int row, int slot, const RackSlot &rack)
{
    return {
        "Insert rack " + rack.id,
        {makeOp(EditOperation::Kind::Insert, rackPointer(hall, row, slot), partDocument(rack))}};
}

ProjectEdit moveRow(int hall, int row, double xM, double yM)
{
    return moveRows(hall, {{row, xM, yM}});
}

ProjectEdit moveRack(int hall, int row, int slot, int toHall, int toRow, int toSlot)
{
    return {"Move rack",
            {makeOp(EditOperation::Kind::Move, rackPointer(toHall, toRow, toSlot), {},
                    rackPointer(hall, row, slot))}};
}

ProjectEdit replaceHalls(const Project &pinned, std::string description)
{
    const Json doc = projectDocument(pinned);
    if (!doc.contains("halls"))
        return {std::move(description), {makeOp(EditOperation::Kind::Remove, "/halls")}};
    return {std::move(description), {makeOp(EditOperation::Kind::Set, "/halls", doc["halls"])}};
}

} // namespace aidc

namespace aidc {

namespace {

// The parts in use: the project's, or when it gives none the ones the solvers use.
template<typename Part>
const std::vector<Part> &inUse(const std::vector<Part> &inProject, const std::vector<Part> &current)
{
    return inProject.empty() ? current : inProject;
}

template<typename Part>
std::vector<std::string> namesOf(const std::vector<Part> &parts, std::string Part::*name)
{
    std::vector<std::string> names;
    for (const Part &part : parts)
        names.push_back(part.*name);
    return names;
}

template<typename Part>
std::string nameAt(const std::vector<Part> &parts, int index, std::string Part::*name)
{
    return index >= 0 && index < int(parts.size()) ? parts[index].*name : std::string();
}

template<typename Part> Json listJson(const std::vector<Part> &parts)
{
    Json list = Json::array();
    for (const Part &part : parts)
        list.push_back(partDocument(part));
    return list;
}

// Appends `part` to the list at `pointer`, first writing out the list in use when the project
// gives none.
template<typename Part>
ProjectEdit appendPart(const std::vector<Part> &inProject, const std::vector<Part> &current,
                       const std::string &pointer, const Part &part, std::string description)
{
    if (!inProject.empty() || current.empty())
        return {std::move(description),
                {makeOp(EditOperation::Kind::Insert, pointer + "/-", partDocument(part))}};
    std::vector<Part> parts = current;
    parts.push_back(part);
    return {std::move(description), {makeOp(EditOperation::Kind::Set, pointer, listJson(parts))}};
}

template<typename Part>
void removePart(const std::vector<Part> &inProject, const std::vector<Part> &current,
                const std::string &pointer, int index, ProjectEdit &edit)
{
    if (!inProject.empty()) {
        edit.operations.push_back(
            makeOp(EditOperation::Kind::Remove, pointer + '/' + std::to_string(index)));
        return;
    }
    std::vector<Part> parts = current;
    if (index >= 0 && index < int(parts.size()))
        parts.erase(parts.begin() + index);
    edit.operations.push_back(parts.empty()
                                  ? makeOp(EditOperation::Kind::Remove, pointer)
                                  : makeOp(EditOperation::Kind::Set, pointer, listJson(parts)));
}

} // namespace

ProjectEdit moveRows(int hall, const std::vector<RowOrigin> &origins)
{
    ProjectEdit edit{origins.size() == 1 ? "Move row" : "Move rows", {}};
    for (const RowOrigin &origin : origins) {
        const std::string row = rowPointer(hall, origin.row);
        edit.operations.push_back(makeOp(EditOperation::Kind::Set, row + "/xM", origin.xM));
        edit.operations.push_back(makeOp(EditOperation::Kind::Set, row + "/yM", origin.yM));
    }
    return edit;
}

std::string uniquePartName(const std::vector<std::string> &taken, const std::string &wanted)
{
    auto isTaken = [&](const std::string &name) {
        return std::find(taken.begin(), taken.end(), name) != taken.end();
    };
    const std::string base = wanted.empty() ? std::string("new") : wanted;
    if (!wanted.empty() && !isTaken(wanted))
        return wanted;
    for (int n = 2;; ++n) {
        const std::string name = base + '-' + std::to_string(n);
        if (!isTaken(name))
            return name;
    }
}

ProjectEdit addHall(const Project &project, const std::vector<Hall> &current, Hall hall)
{
    hall.id = uniquePartName(namesOf(inUse(project.halls, current), &Hall::id), hall.id);
    const std::string description = "Add hall " + hall.id;
    return appendPart(project.halls, current, "/halls", hall, description);
}

ProjectEdit removeHall(const Project &project, const std::vector<Hall> &current, int hall)
{
    const std::string id = nameAt(inUse(project.halls, current), hall, &Hall::id);
    ProjectEdit edit{"Delete hall " + id, {}};
    for (std::size_t i = 0; i < project.pools.size(); ++i) {
        if (!id.empty() && project.pools[i].hall == id)
            edit.operations.push_back(makeOp(EditOperation::Kind::Remove,
                                             "/compute/pools/" + std::to_string(i) + "/hall"));
    }
    removePart(project.halls, current, "/halls", hall, edit);
    return edit;
}

ProjectEdit addPool(const Project &project, ComputePool pool)
{
    pool.name = uniquePartName(namesOf(project.pools, &ComputePool::name), pool.name);
    const std::string description = "Add pool " + pool.name;
    return appendPart(project.pools, {}, "/compute/pools", pool, description);
}

ProjectEdit removePool(const Project &project, int pool)
{
    const std::string name = nameAt(project.pools, pool, &ComputePool::name);
    ProjectEdit edit{"Delete pool " + name, {}};
    // Pinned racks of the pool, last first so that earlier indices stay valid.
    int racks = 0;
    for (int h = int(project.halls.size()) - 1; h >= 0; --h) {
        const std::vector<Row> &rows = project.halls[h].rows;
        for (int r = int(rows.size()) - 1; r >= 0; --r) {
            for (int s = int(rows[r].racks.size()) - 1; s >= 0; --s) {
                if (!name.empty() && rows[r].racks[s].pool == name) {
                    edit.operations.push_back(
                        makeOp(EditOperation::Kind::Remove, rackPointer(h, r, s)));
                    ++racks;
                }
            }
        }
    }
    if (racks > 0)
        edit.description +=
            " and its " + std::to_string(racks) + " pinned rack" + (racks == 1 ? "" : "s");
    for (std::size_t i = 0; i < project.planes.size(); ++i) {
        std::vector<std::string> pools = project.planes[i].pools;
        const auto it = std::find(pools.begin(), pools.end(), name);
        if (it == pools.end() || pools.size() == 1)
            continue; // the only pool of the plane: the loader says the reference is dangling
        pools.erase(it);
        edit.operations.push_back(makeOp(EditOperation::Kind::Set,
                                         "/network/planes/" + std::to_string(i) + "/pools",
                                         Json(pools)));
    }
    if (project.workload && !name.empty() && project.workload->pool == name)
        edit.operations.push_back(makeOp(EditOperation::Kind::Remove, "/workload/pool"));
    edit.operations.push_back(
        makeOp(EditOperation::Kind::Remove, "/compute/pools/" + std::to_string(pool)));
    return edit;
}

ProjectEdit addPlane(const Project &project, const std::vector<FabricPlane> &current,
                     FabricPlane plane)
{
    plane.name =
        uniquePartName(namesOf(inUse(project.planes, current), &FabricPlane::name), plane.name);
    const std::string description = "Add plane " + plane.name;
    return appendPart(project.planes, current, "/network/planes", plane, description);
}

ProjectEdit removePlane(const Project &project, const std::vector<FabricPlane> &current, int plane)
{
    const std::string name = nameAt(inUse(project.planes, current), plane, &FabricPlane::name);
    ProjectEdit edit{"Delete plane " + name, {}};
    removePart(project.planes, current, "/network/planes", plane, edit);
    return edit;
}

} // namespace aidc

namespace aidc {

std::string acknowledgedText(const std::string &message)
{
    const auto trimmable = [](char c) {
        return c == ' ' || c == ',' || c == ';' || c == ':' || c == '(' || c == '=' || c == '.';
    };
    std::string best;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= message.size(); ++i) {
        if (i < message.size() && (message[i] < '0' || message[i] > '9'))
            continue;
        std::size_t a = start, b = i;
        while (a < b && trimmable(message[a]))
            ++a;
        while (b > a && trimmable(message[b - 1]))
            --b;
        if (b - a > best.size())
            best = message.substr(a, b - a);
        start = i + 1;
    }
    return best;
}

ProjectEdit acknowledgeWarning(const Project &project, const Diagnostic &d, std::string reason)
{
    const Json entry = {
        {"path", d.jsonPath}, {"contains", acknowledgedText(d.message)}, {"reason", reason}};
    ProjectEdit edit{"Acknowledge a warning", {}};
    if (project.acknowledgedWarnings.empty())
        edit.operations.push_back(
            makeOp(EditOperation::Kind::Set, "/acknowledgedWarnings", Json::array({entry})));
    else
        edit.operations.push_back(
            makeOp(EditOperation::Kind::Insert, "/acknowledgedWarnings/-", entry));
    return edit;
}

ProjectEdit withdrawAcknowledgement(const Project &project, const Diagnostic &d)
{
    ProjectEdit edit{"Withdraw an acknowledgement", {}};
    // From the last entry back, so that the indices of the earlier ones stay valid.
    for (std::size_t i = project.acknowledgedWarnings.size(); i-- > 0;) {
        if (project.acknowledgedWarnings[i].covers(d))
            edit.operations.push_back(
                makeOp(EditOperation::Kind::Remove, jsonPointerAppend("/acknowledgedWarnings", i)));
    }
    return edit;
}

} // namespace aidc
