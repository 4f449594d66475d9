// SPDX-License-Identifier: Apache-2.0
#pragma once

// A headline figure opened up to its terms (issue 23, formula drill-down): the section of the
// text report that the figure's own solver writes — the step-time terms behind MFU, the power
// chain behind PUE, the capex categories behind TCO, the failure classes and checkpoint terms
// behind goodput, each with the sources the report cites — with the line that states the figure
// marked. The terms are the report's own lines (solvers/pipeline/report.h), so what the GUI
// explains is what `aidc eval` prints.

#include "summarymodel.h"

#include <QDialog>
#include <QString>

class QLabel;
class QPlainTextEdit;

namespace aidc::ui {

struct FigureTerms
{
    QString title;       // "PUE: 1.195"
    QString definition;  // what the figure means (the Results tooltip)
    QString origin;      // which solver and report section the terms come from
    QString incomplete;  // why the figure is incomplete, "" when it is not
    QString text;        // the report section
    int anchorLine = -1; // 0-based line of `text` that states the figure, -1 when none does
};

// `failed`: stage:: bits of the solvers that reported an error (failedStages()).
FigureTerms figureTerms(const HeadlineFigure &figure, const Result &result, unsigned failed);

class FigureTermsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit FigureTermsDialog(QWidget *parent = nullptr);

    void setTerms(const FigureTerms &terms);
    const FigureTerms &terms() const { return m_terms; }
    QPlainTextEdit *textView() const { return m_text; }

private:
    FigureTerms m_terms;
    QLabel *m_title;
    QLabel *m_definition;
    QLabel *m_origin;
    QLabel *m_incomplete;
    QLabel *m_stated; // the marked line in full (the text view does not wrap)
    QPlainTextEdit *m_text;
};

} // namespace aidc::ui
