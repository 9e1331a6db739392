# Runs `wfc build PACK --emit=ir ARGS…` in the pack's directory and checks what it prints (the IR
# on stdout, the --print-ir-after dumps on stderr, in that order) with LLVM's FileCheck against
# the CHECK lines in the pack itself. -DWFC=… -DFILECHECK=… -DPACK=… -DARGS=a;b -DOUTPUT=file
execute_process(COMMAND ${WFC} build ${PACK} --emit=ir ${ARGS}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "wfc failed (${status}):\n${err}")
endif()
file(WRITE ${OUTPUT} "${err}${out}")
execute_process(COMMAND ${FILECHECK} ${PACK} --input-file=${OUTPUT} --dump-input=fail
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "FileCheck failed on ${PACK}")
endif()
