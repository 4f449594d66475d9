// SPDX-License-Identifier: Apache-2.0
#include "figureterms.h"

#include "displaysettings.h"

#include "qtext.h"

#include "solvers/common/reportformat.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextBlock>
#include <QVBoxLayout>

#include <sstream>

namespace aidc::ui {

FigureTerms figureTerms(const HeadlineFigure &figure, const Result &result, unsigned failed)
{
    FigureTerms terms;
    terms.title = figure.label + QStringLiteral(": ") + formatFigure(figure.value, figure.format);
    // The report's lines are the CLI's, in USD: the title says both.
    if (figure.value && figure.format == FigureFormat::Usd &&
        displayUnits().currency != Currency::Usd)
        terms.title +=
            QObject::tr(" (%1; the terms below are in USD)").arg(q(formatUsd(*figure.value)));
    terms.definition = figure.tooltip;
    const ReportSection section = reportSectionOf(figure.stages);
    std::ostringstream out;
    writeReportSection(out, result, section);
    terms.text = q(out.str());
    if (terms.text.isEmpty())
        terms.text = QObject::tr("(the %1 solver did not run for this project)")
                         .arg(QString::fromLatin1(reportSectionName(section)));
    terms.origin = QObject::tr("Its terms and their sources, from the %1 section of the "
                               "evaluation report (as `aidc eval` prints it):")
                       .arg(QString::fromLatin1(reportSectionName(section)));
    if (const unsigned broken = figure.stages & failed)
        terms.incomplete = QObject::tr("Incomplete: %1 reported an error, so what it could not "
                                       "compute is missing from these terms (see Violations).")
                               .arg(solversSentence(broken));
    if (!figure.reportAnchor.isEmpty()) {
        const QStringList lines = terms.text.split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size(); ++i) {
            if (lines[i].contains(figure.reportAnchor)) {
                terms.anchorLine = i;
                break;
            }
        }
    }
    return terms;
}

FigureTermsDialog::FigureTermsDialog(QWidget *parent)
    : QDialog(parent)
    , m_title(new QLabel)
    , m_definition(new QLabel)
    , m_origin(new QLabel)
    , m_incomplete(new QLabel)
    , m_stated(new QLabel)
    , m_text(new QPlainTextEdit)
{
    setObjectName(QStringLiteral("FigureTermsDialog"));
    setWindowTitle(tr("Figure Terms"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_definition->setWordWrap(true);
    m_origin->setWordWrap(true);
    m_incomplete->setWordWrap(true);
    m_incomplete->setStyleSheet(QStringLiteral("color: #a33;"));
    m_stated->setWordWrap(true);
    m_stated->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stated->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_stated->setObjectName(QStringLiteral("figureTermsStated"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setObjectName(QStringLiteral("figureTermsText"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    QPushButton *copy = buttons->addButton(tr("&Copy Terms"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_terms.title + QLatin1Char('\n') + m_terms.text);
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_definition);
    layout->addWidget(m_incomplete);
    layout->addWidget(m_stated);
    layout->addWidget(m_origin);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(960, 620);
}

void FigureTermsDialog::setTerms(const FigureTerms &terms)
{
    m_terms = terms;
    m_title->setText(terms.title);
    m_definition->setText(terms.definition);
    m_origin->setText(terms.origin);
    m_incomplete->setText(terms.incomplete);
    m_incomplete->setVisible(!terms.incomplete.isEmpty());
    m_text->setPlainText(terms.text);
    const QString stated =
        terms.anchorLine < 0
            ? QString()
            : terms.text.section(QLatin1Char('\n'), terms.anchorLine, terms.anchorLine).trimmed();
    m_stated->setText(stated);
    m_stated->setVisible(!stated.isEmpty());

    QList<QTextEdit::ExtraSelection> marks;
    if (terms.anchorLine >= 0) {
        const QTextBlock block = m_text->document()->findBlockByNumber(terms.anchorLine);
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        mark.format.setBackground(palette().color(QPalette::Highlight).lighter(170));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks << mark;
        m_text->setTextCursor(QTextCursor(block));
        m_text->centerCursor();
    }
    m_text->setExtraSelections(marks);
}

} // namespace aidc::ui
