/* gai_strerror: glibc's texts for the EAI_ codes (English, as the libc's strerror). */
#include <netdb.h>

const char *gai_strerror(int err)
{
	switch (err) {
	case EAI_ADDRFAMILY: return "Address family for hostname not supported";
	case EAI_AGAIN: return "Temporary failure in name resolution";
	case EAI_BADFLAGS: return "Bad value for ai_flags";
	case EAI_FAIL: return "Non-recoverable failure in name resolution";
	case EAI_FAMILY: return "ai_family not supported";
	case EAI_MEMORY: return "Memory allocation failure";
	case EAI_NODATA: return "No address associated with hostname";
	case EAI_NONAME: return "Name or service not known";
	case EAI_SERVICE: return "Servname not supported for ai_socktype";
	case EAI_SOCKTYPE: return "ai_socktype not supported";
	case EAI_SYSTEM: return "System error";
	case EAI_INPROGRESS: return "Processing request in progress";
	case EAI_CANCELED: return "Request canceled";
	case EAI_NOTCANCELED: return "Request not canceled";
	case EAI_ALLDONE: return "All requests done";
	case EAI_INTR: return "Interrupted by a signal";
	case EAI_IDN_ENCODE: return "Parameter string not correctly encoded";
	default: return "Unknown error";
	}
}
