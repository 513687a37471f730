#ifndef BM_TOOLS_INSPECT_H
#define BM_TOOLS_INSPECT_H
int cmd_inspect(int argc, char **argv);
#endif
