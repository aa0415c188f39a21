#include "main_window.h"

namespace cf {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(tr("ClusterForge"));
}

} // namespace cf
