// SPDX-License-Identifier: Apache-2.0
#pragma once

// Edit ▸ Find: one search box over the design. It lists the halls, rows and racks of the layout,
// the compute pools and fabric planes of the project and the parts of the bill of materials
// whose name (or, for a rack, its role, pool or rack type) holds the text, and offers to filter
// the cable schedule (links, switch ports) and the BOM by it. Choosing a part selects it in the
// tree, the floor plan and the property editor, as a click would; choosing a table brings that
// table forward, filtered. The search is a case-insensitive substring test over at most the
// layout's racks (about 43,000 at 1M GPUs: a few milliseconds).

#include "selection.h"

#include <QDialog>

#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QTableWidget;

namespace aidc {
struct Project;
struct Result;
} // namespace aidc

namespace aidc::ui {

struct Evaluation;

struct FindHit
{
    enum class Target { Part, CableSchedule, Bom };
    Target target = Target::Part;
    QString kind;        // "Rack", "Row", "Hall", "Pool", "Plane", "BOM part", "Cable schedule"
    QString name;        // "H1-R02-07"
    QString where;       // "hall H1, row H1-R2 · compute, pool h100"
    Selection selection; // Target::Part
    QString filter;      // Target::CableSchedule and Bom: the text to filter by
};

// The hits for `text` in the project and its evaluation (`result` may be null: the project's
// own parts only), at most `limit` parts, then the two table entries. Empty text finds nothing.
std::vector<FindHit> findInDesign(const Project &project, const Result *result, const QString &text,
                                  std::size_t limit = 500);

class FindDialog : public QDialog
{
    Q_OBJECT

public:
    explicit FindDialog(QWidget *parent = nullptr);

    // The design searched (the latest evaluation: its project and, unless it failed, its
    // result); the hits follow it.
    void setEvaluation(std::shared_ptr<const Evaluation> evaluation);
    void setText(const QString &text);
    const std::vector<FindHit> &hits() const { return m_hits; }
    // Acts on hit `row` as a double-click would.
    void choose(int row);

signals:
    void hitChosen(const aidc::ui::FindHit &hit);

private:
    void search();

    QLineEdit *m_text;
    QLabel *m_count;
    QTableWidget *m_table;
    std::shared_ptr<const Evaluation> m_evaluation;
    std::vector<FindHit> m_hits;
};

} // namespace aidc::ui
