// ParamFileDialog: what a parameter file would change on the vehicle, before anything is sent.
// One row per line of the file that cannot be read (its line number and why), per changed value
// (the vehicle's and the file's), per value that would be refused (why), per name the vehicle
// does not have (not sent), per line of another component, and per parameter only the vehicle
// has; the unchanged ones are counted in the summary. Loading (not comparing) offers Apply for
// the changed values only; a file with bad lines applies nothing until the user ticks "apply the
// lines that could be read". After Apply each changed row shows what the vehicle answered:
// confirmed, refused (it kept its value), no answer, or not sent (and why).
// GUI thread only.
#pragma once

#include "app/vehicle/param_file.h"

#include <QDialog>
#include <QList>
#include <QString>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace navigator {

class ParamFileDialog : public QDialog {
  Q_OBJECT
 public:
  enum class Outcome { Confirmed, Refused, NoAnswer, NotSent };
  struct Change {
    QString name;
    double value = 0;
  };

  // `may_apply`: Load (an Apply button) or Compare (none). `file_name`: as the user chose it.
  ParamFileDialog(const QString& file_name, const paramfile::ParsedFile& file, const paramfile::Comparison& comparison,
                  bool may_apply, QWidget* parent = nullptr);

  // The vehicle's answer to one sent value.
  void showResult(const QString& name, Outcome outcome, const QString& message);
  bool resultsComplete() const { return answered_ == sent_; }

  // "quad.params:12: …" — one bad line in the user's words.
  static QString problemText(const QString& file_name, paramfile::Format format, const paramfile::LineProblem& p);
  // Why a value would be refused.
  static QString refusalText(const paramfile::Difference& d);
  static QString formatName(paramfile::Format format);

 signals:
  void applyRequested(const QList<navigator::ParamFileDialog::Change>& changes);

 private:
  void fillRows(const QString& file_name);
  void addRow(const QString& name, const QString& vehicle, const QString& in_file, int line, const QString& what);
  void updateApply();
  void onApply();
  void showResults();

  paramfile::ParsedFile file_;
  paramfile::Comparison comparison_;
  QLabel* summary_ = nullptr;
  QLabel* results_ = nullptr;
  QTableWidget* table_ = nullptr;
  QCheckBox* accept_readable_ = nullptr;
  QPushButton* apply_ = nullptr;
  int sent_ = 0, answered_ = 0;
  int confirmed_ = 0, refused_ = 0, no_answer_ = 0, not_sent_ = 0;
};

}  // namespace navigator
