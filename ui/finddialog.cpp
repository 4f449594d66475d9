// SPDX-License-Identifier: Apache-2.0
#include "finddialog.h"

#include "evaluator.h"
#include "qtext.h"
#include "tablepanel.h"

#include "model/enumnames.h"
#include "model/project.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/report.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

namespace aidc::ui {

namespace {

bool holds(const std::string &haystack, const QString &needle)
{
    return q(haystack).contains(needle, Qt::CaseInsensitive);
}

} // namespace

std::vector<FindHit> findInDesign(const Project &project, const Result *result, const QString &text,
                                  std::size_t limit)
{
    std::vector<FindHit> hits;
    const QString needle = text.trimmed();
    if (needle.isEmpty())
        return hits;
    auto add = [&](FindHit hit) {
        if (hits.size() < limit)
            hits.push_back(std::move(hit));
    };
    for (int p = 0; p < int(project.pools.size()); ++p)
        if (holds(project.pools[p].name, needle) || holds(project.pools[p].gpu, needle))
            add({FindHit::Target::Part,
                 QObject::tr("Pool"),
                 q(project.pools[p].name),
                 QObject::tr("%1 × %2").arg(project.pools[p].gpuCount).arg(q(project.pools[p].gpu)),
                 poolSelection(p),
                 {}});
    for (int p = 0; p < int(project.planes.size()); ++p)
        if (holds(project.planes[p].name, needle))
            add({FindHit::Target::Part,
                 QObject::tr("Plane"),
                 q(project.planes[p].name),
                 q(toString(project.planes[p].role)),
                 planeSelection(p),
                 {}});
    if (result) {
        const LayoutResult &layout = result->layout;
        for (int h = 0; h < int(layout.halls.size()); ++h) {
            const LayoutHall &hall = layout.halls[h];
            if (holds(hall.id, needle) || holds(hall.name, needle))
                add({FindHit::Target::Part,
                     QObject::tr("Hall"),
                     q(hall.id),
                     q(hall.name),
                     hallSelection(h),
                     {}});
            for (int r = 0; r < int(hall.rows.size()); ++r)
                if (holds(hall.rows[r].id, needle))
                    add({FindHit::Target::Part,
                         QObject::tr("Row"),
                         q(hall.rows[r].id),
                         QObject::tr("hall %1, %n rack(s)", nullptr, int(hall.rows[r].racks.size()))
                             .arg(q(hall.id)),
                         rowSelection(h, r),
                         {}});
        }
        for (const PlacedRack &rack : layout.racks) {
            if (hits.size() >= limit)
                break;
            if (!holds(rack.id, needle) && !holds(rack.pool, needle) &&
                !holds(rack.rackType, needle) && !holds(toString(rack.role), needle))
                continue;
            const LayoutHall &hall = layout.halls[std::size_t(rack.hall)];
            QString where = QObject::tr("hall %1, row %2 · %3")
                                .arg(q(hall.id), q(hall.rows[std::size_t(rack.row)].id),
                                     q(toString(rack.role)));
            if (!rack.pool.empty())
                where += QObject::tr(", pool %1").arg(q(rack.pool));
            add({FindHit::Target::Part,
                 QObject::tr("Rack"),
                 q(rack.id),
                 where,
                 rackSelection(rack.hall, rack.row, rack.slot),
                 {}});
        }
        // The rows the BOM dock's filter will show: the same table, the same rule.
        int parts = 0;
        for (const std::vector<std::string> &row : bomTable(*result).rows)
            parts += TablePanel::rowMatchesFilter(row, needle);
        if (parts > 0)
            hits.push_back({FindHit::Target::Bom,
                            QObject::tr("BOM"),
                            QObject::tr("%n line(s) matching '%1'", nullptr, parts).arg(needle),
                            QObject::tr("the BOM dock, filtered"),
                            {},
                            needle});
        // The schedule has millions of rows at 1M GPUs: its own filter counts them, off the GUI
        // thread, when it is shown.
        hits.push_back({FindHit::Target::CableSchedule,
                        QObject::tr("Cable schedule"),
                        QObject::tr("links and switch ports matching '%1'").arg(needle),
                        QObject::tr("the Cable schedule dock, filtered"),
                        {},
                        needle});
    }
    return hits;
}

FindDialog::FindDialog(QWidget *parent)
    : QDialog(parent)
    , m_text(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Find"));
    m_text->setPlaceholderText(tr("Rack, row, hall, pool, plane, part or switch…"));
    m_text->setClearButtonEnabled(true);
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Kind"), tr("Name"), tr("Where")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(m_count);
    layout->addWidget(m_table, 1);
    resize(720, 420);
    connect(m_text, &QLineEdit::textChanged, this, &FindDialog::search);
    connect(m_text, &QLineEdit::returnPressed, this,
            [this] { choose(m_table->currentRow() >= 0 ? m_table->currentRow() : 0); });
    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int) { choose(row); });
    search();
}

void FindDialog::setEvaluation(std::shared_ptr<const Evaluation> evaluation)
{
    m_evaluation = std::move(evaluation);
    search();
}

void FindDialog::setText(const QString &text)
{
    m_text->setText(text); // searches
}

void FindDialog::choose(int row)
{
    if (row >= 0 && row < int(m_hits.size()))
        emit hitChosen(m_hits[std::size_t(row)]);
}

void FindDialog::search()
{
    constexpr std::size_t kLimit = 500;
    m_hits = m_evaluation ? findInDesign(m_evaluation->project,
                                         m_evaluation->failed ? nullptr : &m_evaluation->result,
                                         m_text->text(), kLimit)
                          : std::vector<FindHit>();
    m_table->setRowCount(int(m_hits.size()));
    for (int r = 0; r < int(m_hits.size()); ++r) {
        const FindHit &hit = m_hits[std::size_t(r)];
        m_table->setItem(r, 0, new QTableWidgetItem(hit.kind));
        m_table->setItem(r, 1, new QTableWidgetItem(hit.name));
        m_table->setItem(r, 2, new QTableWidgetItem(hit.where));
    }
    m_table->resizeColumnToContents(0);
    m_table->resizeColumnToContents(1);
    int parts = 0;
    for (const FindHit &hit : m_hits)
        parts += hit.target == FindHit::Target::Part;
    if (m_text->text().trimmed().isEmpty())
        m_count->setText(tr("Type part of a name; Enter or a double-click goes to it."));
    else
        m_count->setText(parts >= int(kLimit) ? tr("The first %1 parts found.").arg(kLimit)
                                              : tr("%n part(s) found.", nullptr, parts));
}

} // namespace aidc::ui
