// The compiled workflow as a process: the generated main, renamed wfc_workflow_main so that the
// same object also links into the in-process harness (WorkflowBenchmark.cpp), called as is.
int wfc_workflow_main(int argc, char **argv);

int main(int argc, char **argv) { return wfc_workflow_main(argc, argv); }
