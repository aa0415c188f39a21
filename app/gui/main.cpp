#include "main_window.h"

#include <QApplication>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName("ClusterForge");
    QApplication::setApplicationName("ClusterForge");
    cf::MainWindow window;
    window.show();
    return QApplication::exec();
}
