// SPDX-License-Identifier: Apache-2.0
#include "summarymodel.h"

#include "displaysettings.h"
#include "qtext.h"

#include "solvers/common/reportformat.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPalette>

#include <cmath>
#include <map>
#include <string>

namespace aidc::ui {

namespace {

const QString kUnset = QStringLiteral("—");

// What each figure is computed from: the layout places what the fabric connects; power needs
// the fabric's switches; performance the fabric's bandwidth; reliability the fabric's parts and
// the step time; cost everything priced.
constexpr unsigned kLayout = stage::Layout;
constexpr unsigned kFabric = kLayout | stage::Fabric;
constexpr unsigned kPower = kFabric | stage::Power;
constexpr unsigned kPerformance = kFabric | stage::Performance;
constexpr unsigned kFailures = kFabric | stage::Reliability;
constexpr unsigned kGoodput = kPerformance | stage::Reliability;
constexpr unsigned kCost = kPower | stage::Cost;

// Per figure: its solver stages, and the words that begin (or name) the line of the text report
// that states it, where the Results panel opens it up to its terms. figure() looks them up by
// key, so the list in headlineFigures() stays readable; a test checks every anchor is found.
struct FigureSource
{
    unsigned stages;
    const char *anchor;
};

FigureSource sourceOf(const char *key)
{
    static const std::map<std::string, FigureSource> sources = {
        {"gpus", {0, "GPUs"}},
        {"servers", {kLayout, "Servers"}},
        {"computeRacks", {kLayout, "Compute racks"}},
        {"networkRacks", {kLayout, "Network racks"}},
        {"storageRacks", {kLayout, "Storage racks"}},
        {"halls", {kLayout, "Halls"}},
        {"itPowerNameplateW", {kLayout, "IT power at nameplate"}},
        {"itPowerPeakW", {kPower, "IT peak / average"}},
        {"itPowerAverageW", {kPower, "IT peak / average"}},
        {"facilityPowerW", {kPower, "facility peak / average"}},
        {"pue", {kPower, "PUE annual / peak"}},
        {"annualEnergyMWh", {kPower, "annual energy"}},
        {"annualEnergyCostUsd", {kPower, "electricity cost / year"}},
        {"switches", {kFabric, "Fabric:"}},
        {"transceivers", {kFabric, "Fabric:"}},
        {"cables", {kFabric, "Fabric:"}},
        {"networkPowerW", {kFabric, "Fabric:"}},
        {"copperShare", {kFabric, "Fabric:"}},
        {"capexUsd", {kCost, "Capex"}},
        {"annualOpexUsd", {kCost, "Opex per year"}},
        {"tcoUsd", {kCost, "TCO over"}},
        {"costPerGpuHourUsd", {kCost, "Cost per GPU-hour"}},
        {"mfu", {kPerformance, "MFU "}},
        {"tokensPerSecond", {kPerformance, "tokens/s"}},
        {"stepTimeS", {kPerformance, "step "}},
        {"timeToTrainDays", {kPerformance, "time to train"}},
        {"failuresPerDay", {kFailures, "cluster failures/day"}},
        {"jobMtbiHours", {kFailures, "job MTBI"}},
        {"checkpointIntervalMin", {kGoodput, "Interval"}},
        {"goodput", {kGoodput, "Goodput (ETTR)"}},
        {"effectiveMfu", {kGoodput, "Effective MFU"}},
        {"effectiveTimeToTrainDays", {kGoodput, "Time-to-train"}},
    };
    const auto it = sources.find(key);
    // Unknown: depends on everything, stated in the cost section.
    return it == sources.end() ? FigureSource{kCost | kGoodput, ""} : it->second;
}

HeadlineFigure figure(const char *key, const QString &label, std::optional<double> value,
                      FigureFormat format, const QString &tooltip)
{
    const FigureSource source = sourceOf(key);
    return {QString::fromLatin1(key),          label, value, format, tooltip, source.stages,
            QString::fromLatin1(source.anchor)};
}

} // namespace

ReportSection reportSectionOf(unsigned stages)
{
    if (stages & stage::Cost)
        return ReportSection::Cost;
    if (stages & stage::Reliability)
        return ReportSection::Reliability;
    if (stages & stage::Performance)
        return ReportSection::Performance;
    if (stages & stage::Power)
        return ReportSection::Power;
    if (stages & stage::Fabric)
        return ReportSection::Fabric;
    return ReportSection::Overview;
}

QString solversSentence(unsigned stages)
{
    QStringList names;
    const std::pair<unsigned, const char *> all[] = {{stage::Layout, "layout"},
                                                     {stage::Fabric, "fabric"},
                                                     {stage::Power, "power"},
                                                     {stage::Performance, "performance"},
                                                     {stage::Reliability, "reliability"},
                                                     {stage::Cost, "cost"}};
    for (const auto &[bit, name] : all) {
        if (stages & bit)
            names << QString::fromLatin1(name);
    }
    if (names.size() == 1)
        return QObject::tr("the %1 solver").arg(names.front());
    const QString last = names.takeLast();
    return QObject::tr("the %1 and %2 solvers").arg(names.join(QStringLiteral(", ")), last);
}

unsigned failedStages(const Result &result)
{
    unsigned failed = 0;
    failed |= result.layout.diagnostics.hasErrors() ? stage::Layout : 0u;
    failed |= result.fabric.diagnostics.hasErrors() ? stage::Fabric : 0u;
    failed |= result.power.diagnostics.hasErrors() ? stage::Power : 0u;
    failed |=
        result.performance && result.performance->diagnostics.hasErrors() ? stage::Performance : 0u;
    failed |=
        result.reliability && result.reliability->diagnostics.hasErrors() ? stage::Reliability : 0u;
    failed |= result.cost.diagnostics.hasErrors() ? stage::Cost : 0u;
    return failed;
}

std::vector<HeadlineFigure> headlineFigures(const Summary &s)
{
    using F = FigureFormat;
    auto count = [](int n) {
        return std::optional<double>(double(n));
    };
    return {
        figure("gpus", QObject::tr("GPUs"), count(s.gpus), F::Count,
               QObject::tr("Accelerators in every compute pool")),
        figure("servers", QObject::tr("Servers"), count(s.servers), F::Count,
               QObject::tr("GPU servers (a rack-scale system counts as one)")),
        figure("computeRacks", QObject::tr("Compute racks"), count(s.computeRacks), F::Count,
               QObject::tr("Racks holding GPU servers")),
        figure("networkRacks", QObject::tr("Network racks"), count(s.networkRacks), F::Count,
               QObject::tr("Racks holding leaf/spine switches and patching")),
        figure("storageRacks", QObject::tr("Storage racks"), count(s.storageRacks), F::Count,
               QObject::tr("Racks holding storage nodes")),
        figure("halls", QObject::tr("Halls"), count(s.halls), F::Count,
               QObject::tr("Data halls, given or generated by the layout solver")),
        figure("itPowerNameplateW", QObject::tr("IT power (nameplate)"), s.itPowerNameplateW,
               F::Power, QObject::tr("Compute servers at their catalog maximum power, in MW")),
        figure("itPowerPeakW", QObject::tr("IT power (peak)"), s.itPowerPeakW, F::Power,
               QObject::tr("Provisioned IT power: servers, network and storage at peak")),
        figure("itPowerAverageW", QObject::tr("IT power (average)"), s.itPowerAverageW, F::Power,
               QObject::tr("Average IT power over a year of training")),
        figure("facilityPowerW", QObject::tr("Facility power"), s.facilityPowerW, F::Power,
               QObject::tr("Grid draw: IT plus cooling and conversion losses")),
        figure("pue", QObject::tr("PUE"), s.pue, F::Ratio,
               QObject::tr("Power usage effectiveness: facility / IT energy (1 = no overhead)")),
        figure("annualEnergyMWh", QObject::tr("Energy per year"), s.annualEnergyMWh, F::EnergyMWh,
               QObject::tr("Facility energy over one year")),
        figure(
            "annualEnergyCostUsd", QObject::tr("Energy cost per year"), s.annualEnergyCostUsd,
            F::Usd,
            QObject::tr("Energy per year at the site's tariff, in the currency of View ▸ Units")),
        figure("switches", QObject::tr("Switches"), s.switches, F::Count,
               QObject::tr("Switches of every fabric plane")),
        figure("transceivers", QObject::tr("Transceivers"), s.transceivers, F::Count,
               QObject::tr("Optical modules (two per optical link)")),
        figure("cables", QObject::tr("Cables"), s.cables, F::Count,
               QObject::tr("Copper cables and fibre runs")),
        figure("networkPowerW", QObject::tr("Network power"), s.networkPowerW, F::Power,
               QObject::tr("Switches and optics at full load")),
        figure("copperShare", QObject::tr("Copper share of links"), s.copperShare, F::Fraction,
               QObject::tr("Links short enough for passive or active copper")),
        figure("capexUsd", QObject::tr("Capex"), s.capexUsd, F::Usd,
               QObject::tr("Up-front cost: IT, network, facility and building, in the currency of "
                           "View ▸ Units")),
        figure("annualOpexUsd", QObject::tr("Opex per year"), s.annualOpexUsd, F::Usd,
               QObject::tr("Energy, maintenance, staff and services per year, in the currency of "
                           "View ▸ Units")),
        figure("tcoUsd", QObject::tr("TCO (net of residual value)"), s.tcoUsd, F::Usd,
               QObject::tr("Total cost of ownership over the cost horizon, nominal: the capex "
                           "bought within it, minus its straight-line residual value at the "
                           "horizon, plus opex; below capex when long-lived plant keeps its "
                           "value, in the currency of View ▸ Units")),
        figure(
            "costPerGpuHourUsd", QObject::tr("Cost per GPU-hour"), s.costPerGpuHourUsd, F::Usd,
            QObject::tr(
                "Equivalent annual cost (capex annualised at the cost of capital, "
                "plus opex) divided by the GPU-hours of a year, in the currency of View ▸ Units")),
        figure("mfu", QObject::tr("MFU"), s.mfu, F::Fraction,
               QObject::tr("Model FLOPs utilisation of the training job")),
        figure("tokensPerSecond", QObject::tr("Tokens per second"), s.tokensPerSecond, F::PerSecond,
               QObject::tr("Training throughput of the whole job")),
        figure("stepTimeS", QObject::tr("Step time"), s.stepTimeS, F::Seconds,
               QObject::tr("Time of one optimizer step, in seconds")),
        figure("timeToTrainDays", QObject::tr("Time to train"), s.timeToTrainDays, F::Days,
               QObject::tr("Token budget / throughput, without failures, in days")),
        figure("failuresPerDay", QObject::tr("Failures per day"), s.failuresPerDay, F::PerDay,
               QObject::tr("Component failures per day in the whole cluster; not every one "
                           "stops the job (Job MTBI counts those)")),
        figure("jobMtbiHours", QObject::tr("Job MTBI"), s.jobMtbiHours, F::Hours,
               QObject::tr("Mean time between job interruptions, in hours")),
        figure("checkpointIntervalMin", QObject::tr("Checkpoint interval"), s.checkpointIntervalMin,
               F::Minutes,
               QObject::tr("Checkpoint interval used (Young/Daly optimum when automatic)")),
        figure("goodput", QObject::tr("Goodput"), s.goodput, F::Fraction,
               QObject::tr("Share of wall time that advances training")),
        figure("effectiveMfu", QObject::tr("Effective MFU"), s.effectiveMfu, F::Fraction,
               QObject::tr("MFU x goodput")),
        figure("effectiveTimeToTrainDays", QObject::tr("Time to train (with failures)"),
               s.effectiveTimeToTrainDays, F::Days,
               QObject::tr("Time to train divided by goodput, in days")),
    };
}

QString formatFigure(double value, FigureFormat format)
{
    switch (format) {
    case FigureFormat::Count:
        return q(formatCount(std::llround(value)));
    case FigureFormat::Power:
        return q(formatPower(value));
    case FigureFormat::EnergyMWh:
        return q(formatEnergyMWh(value));
    case FigureFormat::Usd:
        return q(formatMoney(value, displayUnits()));
    case FigureFormat::Fraction:
        return q(formatPercent(value));
    case FigureFormat::Ratio:
        return q(formatFixed(value, 3));
    case FigureFormat::Days:
        return q(formatFixed(value, 1)) + QStringLiteral(" d");
    case FigureFormat::Hours:
        return q(formatFixed(value, 1)) + QStringLiteral(" h");
    case FigureFormat::Minutes:
        // Under a minute in seconds: a 5 s checkpoint interval is not "0.1 min".
        if (std::abs(value) < 1)
            return q(formatDuration(value * 60));
        return q(formatFixed(value, 1)) + QStringLiteral(" min");
    case FigureFormat::Seconds:
        return q(formatDuration(value));
    case FigureFormat::PerSecond:
        return q(formatCount(std::llround(value))) + QStringLiteral(" /s");
    case FigureFormat::PerDay:
        return q(formatFixed(value, 2)) + QStringLiteral(" /day");
    }
    return QString::number(value);
}

QString formatFigure(const std::optional<double> &value, FigureFormat format)
{
    return value ? formatFigure(*value, format) : kUnset;
}

// ------------------------------------------------------------------ SummaryModel

SummaryModel::SummaryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    m_figures = headlineFigures(Summary());
    for (HeadlineFigure &f : m_figures)
        f.value.reset();
}

void SummaryModel::setSummary(const Summary &summary, unsigned failed)
{
    m_failed = failed;
    std::vector<HeadlineFigure> figures = headlineFigures(summary);
    if (figures.size() == m_figures.size()) {
        m_figures = std::move(figures);
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_figures = std::move(figures);
    endResetModel();
}

bool SummaryModel::isIncomplete(int row) const
{
    return row >= 0 && row < int(m_figures.size()) && m_figures[std::size_t(row)].value &&
           (m_figures[std::size_t(row)].stages & m_failed) != 0;
}

void SummaryModel::clear()
{
    m_failed = 0;
    for (HeadlineFigure &f : m_figures)
        f.value.reset();
    emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

int SummaryModel::rowOf(const QString &key) const
{
    for (std::size_t i = 0; i < m_figures.size(); ++i) {
        if (m_figures[i].key == key)
            return int(i);
    }
    return -1;
}

int SummaryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_figures.size());
}

int SummaryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 2;
}

QVariant SummaryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_figures.size()))
        return {};
    const HeadlineFigure &f = m_figures[index.row()];
    const bool incomplete = isIncomplete(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 0)
            return f.label;
        return incomplete ? formatFigure(f.value, f.format) + QObject::tr(" (incomplete)")
                          : formatFigure(f.value, f.format);
    case Qt::ToolTipRole:
        if (incomplete)
            return f.tooltip + QObject::tr("\nIncomplete: %1 reported an error (see Violations), "
                                           "so this figure leaves out what could not be "
                                           "computed.")
                                   .arg(solversSentence(f.stages & m_failed));
        if (!f.value)
            return f.tooltip + QObject::tr("\n(not computed yet: its solver has not run)");
        if (f.format == FigureFormat::Usd && displayUnits().currency != Currency::Usd)
            return f.tooltip + QLatin1Char('\n') + currencyNote(displayUnits());
        return f.tooltip;
    case Qt::FontRole:
        if (incomplete) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == 1 ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (!f.value || incomplete)
            return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
        return {};
    case Qt::UserRole:
        return f.value ? QVariant(*f.value) : QVariant();
    default:
        return {};
    }
}

QVariant SummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? tr("Figure") : tr("Value");
}

} // namespace aidc::ui
